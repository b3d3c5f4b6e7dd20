import { normaliseTerm } from './term-index'

/**
 * From a dictionary article to the lines a learner reads (decision 0013), each
 * with a score for "best first": the part of speech the sentence uses, the
 * sentence's words among the article's English examples and synonyms, how
 * much the dictionary says about a sense (examples, related words: the
 * common senses have them), subject labels ([techn.], [zool.]: specialist
 * senses), and the dictionary's own order.
 */

/** What one lookup asks a dictionary. */
export interface MeaningQuery {
  /** Normalised terms to look up, best first: the lemma, the form heard, then the frames a dictionary files verbs under ("consider sth"). */
  keys: Array<{ term: string; kind: 'lemma' | 'form' | 'frame' }>
  /** The word's part of speech in the sentence, as the tagger says it (NOUN, VERB, ADJ...); X when unknown. */
  pos: string
  /** The sentence's content words (normalised), the word itself left out. */
  context: ReadonlySet<string>
  /** The sense the lookup chose for the word in its sentence: lines that match it come first. */
  sense?: SenseWords | undefined
}

/** A WordNet sense as a dictionary line is matched against it: its part of speech and its words. */
export interface SenseWords {
  /** NOUN, VERB, ADJ or ADV. */
  pos: string
  /** Its synonyms, definition, examples and linked words, normalised. */
  words: ReadonlySet<string>
  /** For a verb: whether the sense takes an object (true), never does (false), or either (undefined). */
  transitive?: boolean | undefined
}

/**
 * How much a line gains per word its article shares with the chosen sense
 * (OVERLAP_MAX words at most), for
 * the sense's part of speech, and for a verb line marked transitive or
 * intransitive as the sense is (VALENCY; as much lost when it is the other).
 */
export const SENSE_MATCH = { OVERLAP: 1.5, OVERLAP_MAX: 4, POS: 4, VALENCY: 1.5 }

/** FreeDict's <v, trans> / <v, intr>: whether a verb line takes an object, when it says. */
function valencyOf(tags: string[]): boolean | undefined {
  for (const tag of tags) {
    if (/\btrans\b|\bvt\b/.test(tag)) return true
    if (/\bintr\b|\bvi\b/.test(tag)) return false
  }
  return undefined
}


/** Subject labels as the words a WordNet definition of that subject uses ("[zool.]": an animal). */
const LABEL_WORDS: Record<string, string> = {
  'zool.': 'animal mammal bird fish insect', 'bot.': 'plant tree flower fruit', 'mus.': 'music musical sound song instrument note',
  'fin.': 'money bank finance financial payment', 'econ.': 'money business price trade', 'sport': 'game sport team play ball contest',
  'comp.': 'computer electronic', 'electr.': 'electric electricity device', 'jur.': 'law legal court', 'pol.': 'political government',
  'med.': 'disease body medical', 'cook.': 'food eat cooking drink', 'geogr.': 'land earth', 'geol.': 'rock mineral earth', 'mil.': 'military weapon soldiers',
  'astron.': 'star constellation', 'transp.': 'transport vehicle travel', 'school': 'school student', 'aviat.': 'aircraft flight',
}

/** The words of a line's subject labels ("[mus.]" -> music...), for the match with the sense. */
function labelWords(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/\[([^\]]+)\]/g)) {
    const words = LABEL_WORDS[m[1]!.trim().toLowerCase()]
    if (words) out.push(...words.split(' '))
  }
  return out
}

/** A sense's words as a line's are normalised. */
export function senseWordsOf(pos: string, texts: readonly string[], transitive?: boolean): SenseWords {
  const words = new Set<string>()
  for (const text of texts) for (const w of englishWords(text)) if (!STOPWORDS.has(w)) words.add(w)
  return { pos, words, ...(transitive === undefined ? {} : { transitive }) }
}

export interface Meaning {
  text: string
  score: number
}

/** Longest line shown: a whole article on one line is cut at a word. */
export const MEANING_MAX_LENGTH = 200

/**
 * The frames English-German Ding/FreeDict files verbs under: "consider" is
 * only "consider sth", "remember" "remember sb" / "remember sth".
 */
const VERB_FRAMES = ['sth', 'sb', 'sbsth', 'sb sth', 'sth to sb', 'oneself', 'to sth', 'to sb', 'on sth', 'for sth', 'with sth']

/** The keys a lookup of this word tries, best first. */
export function queryKeys(lemma: string, form: string, pos: string): MeaningQuery['keys'] {
  const keys: MeaningQuery['keys'] = []
  const seen = new Set<string>()
  const add = (text: string, kind: 'lemma' | 'form' | 'frame') => {
    const term = normaliseTerm(text)
    if (term && !seen.has(term)) {
      seen.add(term)
      keys.push({ term, kind })
    }
  }
  add(lemma, 'lemma')
  add(form, 'form')
  // A word that is not a verb here may still be one ("look"): frames come last and score less unless the sentence makes it a verb.
  if (!lemma.includes(' ') && ['VERB', 'AUX', 'X', 'NOUN'].includes(pos)) for (const frame of VERB_FRAMES) add(`${lemma} ${frame}`, 'frame')
  return keys
}

const STOPWORDS = new Set(
  'the a an and or but of to in on at by for with from as is are was were be been being have has had do does did it its this that these those there here he she they we you i me him her them us my your his their our not no so if then than too very can could would should will shall may might must just into out up down over about how what which who whom whose when where why all any some such only own same other more most much many'.split(' '),
)

/** The sentence's content words, normalised, without the looked-up word's own forms. */
export function contextWords(sentence: string | undefined, ...own: string[]): Set<string> {
  const skip = new Set(own.map(normaliseTerm))
  const words = new Set<string>()
  for (const w of normaliseTerm(sentence ?? '').split(' ')) if (w.length > 2 && !STOPWORDS.has(w) && !skip.has(w)) words.add(w)
  return words
}

/** The tagger's part of speech, coarsened to what dictionaries mark. */
function coarse(pos: string): string | undefined {
  switch (pos) {
    case 'NOUN':
    case 'PROPN':
      return 'NOUN'
    case 'VERB':
    case 'AUX':
      return 'VERB'
    case 'ADJ':
    case 'ADV':
    case 'PRON':
    case 'DET':
    case 'ADP':
    case 'NUM':
    case 'INTJ':
      return pos
    case 'CCONJ':
    case 'SCONJ':
      return 'CONJ'
    default:
      return undefined
  }
}

/** FreeDict's grammar tags (<masc>, <v, trans>, <adj>) as a part of speech. */
const TAG_POS: Record<string, string> = {
  masc: 'NOUN', fem: 'NOUN', neut: 'NOUN', n: 'NOUN', noun: 'NOUN', pl: 'NOUN', f: 'NOUN', m: 'NOUN', nt: 'NOUN',
  v: 'VERB', vt: 'VERB', vi: 'VERB', vr: 'VERB', verb: 'VERB', trans: 'VERB', intr: 'VERB', refl: 'VERB',
  adj: 'ADJ', a: 'ADJ', adv: 'ADV', prep: 'ADP', conj: 'CONJ', pron: 'PRON', art: 'DET', det: 'DET', interj: 'INTJ', int: 'INTJ', num: 'NUM',
}

function posOfTags(tags: string[]): string | undefined {
  for (const tag of tags) {
    for (const part of tag.toLowerCase().split(/[\s,.;]+/)) {
      const pos = TAG_POS[part]
      if (pos) return pos
    }
  }
  return undefined
}

/** A meaning line as shown: grammar tags out, spaces tidied, long text cut at a word. */
export function tidyMeaning(text: string): string {
  let out = text
    // Control characters (a NUL-filled article) are never shown.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]+/g, ' ')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\{([^{}]*)\}/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;:.!?)\]])/g, '$1')
    .replace(/([(\[])\s+/g, '$1')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
  if (out.length > MEANING_MAX_LENGTH) out = `${out.slice(0, MEANING_MAX_LENGTH).replace(/\s+\S*$/, '')}…`
  return out
}

/** Words of English text, normalised, for the overlap with the sentence. */
function englishWords(text: string): string[] {
  return normaliseTerm(text.replace(/[{}]/g, ' ')).split(' ').filter((w) => w.length > 2)
}

function overlap(context: ReadonlySet<string>, words: string[]): number {
  if (context.size === 0) return 0
  let n = 0
  const seen = new Set<string>()
  for (const w of words) {
    if (!seen.has(w) && context.has(w)) n++
    seen.add(w)
  }
  return n
}

interface ParsedArticle {
  /** The headword line's IPA, when it has one (FreeDict's /hˈaʊs/). */
  ipa: string | undefined
  /** Whether the headword line lists the word's forms with their IPA (Ding's main articles). */
  forms: boolean
  meanings: Array<{ text: string; tags: string[]; line: number }>
  examples: number
  related: number
  labels: number
  english: string[]
}

/**
 * A dictd article, FreeDict's way: a headword line ("house /hˈaʊs/"), then
 * meaning lines at the margin ("Haus <neut>", or numbered: "1. maison"),
 * then indented details: examples ("\"build a house\"  - ein Haus bauen"),
 * "Synonyms: {...}", " see: {...}", "Note: ...". Other dictd dictionaries
 * (dictfmt's) start with the headword too; an article with nothing at the
 * margin is read as one meaning.
 */
export function parseArticle(text: string, term: string): ParsedArticle {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  let first = 0
  let ipa: string | undefined
  const head = lines[0] ?? ''
  const headWords = normaliseTerm(head.replace(/\/[^/]*\//g, ' ').replace(/<[^<>]*>/g, ' ').replace(/\([^()]*\)/g, ' '))
  const firstWord = term.split(' ')[0] ?? term
  // The headword line names the term (or a longer phrase starting with it); an article of one line is all meaning.
  const more = lines.slice(1).some((l) => l.trim() !== '')
  // FreeDict's head lines carry the IPA after a space ("house /hˈaʊs/"), also under another headword of the article.
  if (more && ((firstWord !== '' && (headWords === term || headWords === firstWord || headWords.startsWith(`${firstWord} `))) || /\S\s\/[^/\s][^/]*\//.test(head))) {
    first = 1
    ipa = /\/([^/]+)\//.exec(head)?.[1]
  }
  const forms = first === 1 && /\([^()]*\/[^/]+\/[^()]*\)/.test(head)
  const out: ParsedArticle = { ipa, forms, meanings: [], examples: 0, related: 0, labels: 0, english: [] }
  const headTags = [...head.matchAll(/<([^<>]*)>/g)].map((m) => m[1]!)
  for (let i = first; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') continue
    const example = /^\s+"(.*)"\s+-\s/.exec(line)
    if (example) {
      out.examples++
      out.english.push(...englishWords(example[1]!))
      continue
    }
    const refs = /^\s*(?:see|Synonyms?|Antonyms?):\s*(.*)$/i.exec(line)
    if (refs) {
      const items = refs[1]!.match(/\{[^{}]*\}/g) ?? []
      out.related += items.length
      out.english.push(...englishWords(items.join(' ')))
      continue
    }
    const note = /^\s+Note:\s*(.*)$/.exec(line)
    if (note) {
      out.english.push(...englishWords(note[1]!))
      continue
    }
    if (/^\s/.test(line) && out.meanings.length > 0) continue
    const numbered = /^\s*(\d+)\.\s+(.*)$/.exec(line)
    const body = numbered ? numbered[2]! : line
    const tags = [...body.matchAll(/<([^<>]*)>/g)].map((m) => m[1]!)
    // Subject labels: Ding's "[techn.]", the older FreeDicts' "(kil.)".
    out.labels += (body.match(/[[(][\p{Ll}]+\.[\])]/gu) ?? []).length
    const shown = tidyMeaning(body)
    if (shown) out.meanings.push({ text: shown, tags: [...tags, ...headTags], line: out.meanings.length })
  }
  return out
}

/** The start every form of the looked-up word shares ("ring" for "rings", "leav" for "leaves"). */
function ownStem(term: string): string {
  const first = term.split(' ')[0] ?? term
  return first.length > 3 ? first.replace(/e$/, '') : first
}

/**
 * Meanings of the articles found under one key, scored. `articles` are in
 * the dictionary's order; an article whose headword's IPA is much longer
 * than the key's own is a phrase the index filed under its first word
 * (FreeDict English-Spanish has "how are you" under "how") and is left out.
 */
export function scoreArticles(articles: string[], key: MeaningQuery['keys'][number], query: MeaningQuery): Meaning[] {
  const parsed = articles.map((text) => parseArticle(text, key.term))
  const ipas = parsed.map((p) => p.ipa?.replace(/[ˈˌ.\s]/g, '').length ?? 0).filter((n) => n > 0)
  const shortest = ipas.length > 0 ? Math.min(...ipas) : 0
  const pos = query.sense?.pos ?? coarse(query.pos)
  const posWeight = query.sense ? SENSE_MATCH.POS : 3
  const stem = ownStem(key.term)
  const out: Meaning[] = []
  parsed.forEach((article, index) => {
    const ipaLength = article.ipa?.replace(/[ˈˌ.\s]/g, '').length ?? 0
    if (shortest > 0 && ipaLength > shortest * 1.6 + 1) return
    // The dictionary's order says little (Ding's is alphabetical by the translation): a small nudge only.
    let base = -Math.min(index, 4) * 0.15
    if (key.kind === 'form') base -= 1
    if (key.kind === 'frame') base -= pos === 'VERB' ? 1.5 : 3
    // Ding puts a word's forms on its main article's headword line: "run /ɹˈʌn/ (ran /ɹˈan/, run /ɹˈʌn/)".
    if (article.forms) base += 1
    base += Math.min(article.examples, 5) * 0.6 + Math.min(article.related, 8) * 0.15 - article.labels
    base += Math.min(overlap(query.context, article.english), 3) * 1.5
    // The word itself is in most articles' examples and in the sense's synonyms: it tells no sense from another.
    const senseEnglish = article.english.filter((w) => !w.startsWith(stem))
    for (const meaning of article.meanings) {
      let score = base - meaning.line * 0.1
      const entryPos = posOfTags(meaning.tags) ?? (key.kind === 'frame' ? 'VERB' : undefined)
      if (pos && entryPos) score += entryPos === pos ? posWeight : -posWeight
      // Against the chosen sense, a line that says no part of speech ("Schlaf" for "sleeps") gives way to one that says the sense's.
      else if (query.sense && !entryPos) score -= SENSE_MATCH.POS / 2
      if (query.sense) score += SENSE_MATCH.OVERLAP * Math.min(overlap(query.sense.words, [...senseEnglish, ...labelWords(meaning.text)]), SENSE_MATCH.OVERLAP_MAX)
      const valency = query.sense?.transitive === undefined ? undefined : valencyOf(meaning.tags)
      if (valency !== undefined) score += valency === query.sense!.transitive ? SENSE_MATCH.VALENCY : -SENSE_MATCH.VALENCY
      out.push({ text: meaning.text, score })
    }
  })
  return out
}

/** Most articles, and bytes of them, one key of a lookup reads (FreeDict's most under one headword: 41). */
const ARTICLES_PER_KEY = 256
const ARTICLE_BYTES_PER_KEY = 4 * 1024 * 1024

/** The meanings of an indexed dictionary (dictd, StarDict): each key of the query looked up, its articles read and scored. */
export function indexedMeanings(
  index: { get(term: string, max?: number): Array<{ a: number; b: number }> },
  articles: { readMany(records: ReadonlyArray<{ a: number; b: number }>): string[] },
): (query: MeaningQuery) => Meaning[] {
  return (query) => {
    const out: Meaning[] = []
    for (const key of query.keys) {
      const records = index.get(key.term, ARTICLES_PER_KEY)
      if (records.length === 0) continue
      let bytes = 0
      const within = records.findIndex((r) => (bytes += r.b) > ARTICLE_BYTES_PER_KEY)
      if (within >= 0) records.length = Math.max(1, within)
      out.push(...scoreArticles(articles.readMany(records), key, query))
    }
    return out
  }
}
