/**
 * Names (channels, categories) in the order `Intl.Collator('en', { sensitivity: 'base', numeric: true })`
 * gives them for letters, digits and spaces: case and accents ignored, digit runs by their value ("Part 2"
 * before "Part 10"), spaces before digits before letters. Written out because the page's first collator
 * loads ICU's collation data: 18-34 ms at full speed in Chromium here, a long task on a phone, spent when
 * My Feed's code is evaluated (docs/decisions/0033). Other characters come by code point after folding,
 * which is close to, not the same as, the collator's order among punctuation.
 */
export function compareNames(a: string, b: string): number {
  const x = tokensOf(a)
  const y = tokensOf(b)
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = compareTokens(x[i]!, y[i]!)
    if (order !== 0) return order
  }
  return Math.sign(x.length - y.length)
}

/** A character, or a run of digits without its leading zeros. */
type Token = { rank: number; text: string }

const SPACE = 0
const OTHER = 1
const DIGITS = 2
const LETTER = 3

const tokenised = new Map<string, Token[]>()

/** The name without case or accents, as characters and digit runs. */
function tokensOf(name: string): Token[] {
  let tokens = tokenised.get(name)
  if (tokens) return tokens
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  tokens = (plain.match(/\d+|[\s\S]/gu) ?? []).map((text) =>
    /^\d/.test(text) ? { rank: DIGITS, text: text.replace(/^0+(?=\d)/, '') } : { rank: /\s/.test(text) ? SPACE : /\p{L}/u.test(text) ? LETTER : OTHER, text },
  )
  if (tokenised.size > 5_000) tokenised.clear()
  tokenised.set(name, tokens)
  return tokens
}

function compareTokens(x: Token, y: Token): number {
  if (x.rank !== y.rank) return Math.sign(x.rank - y.rank)
  if (x.rank === DIGITS && x.text.length !== y.text.length) return Math.sign(x.text.length - y.text.length)
  return x.text < y.text ? -1 : x.text > y.text ? 1 : 0
}
