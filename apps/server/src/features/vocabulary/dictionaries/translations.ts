import type { DictionaryInfo, LanguageCode, Translation } from '@lingocast/contract'
import { loadDictd } from './dictd'
import type { Discovery, FoundDictionary } from './discover'
import type { Lexicon } from './lexicon'
import { contextWords, queryKeys } from './meanings'
import { loadCedict, loadEdict } from './reverse'
import { loadStardict } from './stardict'
import { loadTsv } from './tsv'

/** Lines one dictionary gives a word, and lines in all. */
export const MEANINGS_PER_DICTIONARY = 4
export const TRANSLATIONS_MAX = 12
/** A line scoring this far below the dictionary's best is another word's (a verb frame of a noun) or a rare sense: left out. */
const SCORE_WINDOW = 6

export interface WordToTranslate {
  lemma: string
  /** The form in the sentence. */
  form: string
  /** The tagger's part of speech in the sentence. */
  pos: string
  sentence?: string | undefined
}

interface Log {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

function load(d: FoundDictionary): Promise<Lexicon> {
  switch (d.format) {
    case 'dictd':
      return loadDictd(d.file, d.data!)
    case 'stardict':
      return loadStardict(d.file)
    case 'tsv':
      return loadTsv(d.file)
    case 'edict':
      return loadEdict(d.file)
    case 'cedict':
      return loadCedict(d.file)
  }
}

/**
 * Meanings in the learner's language from the dictionaries found at start
 * (issue 24). A dictionary is indexed once, the first time a learner of its
 * language needs it (or sets it as theirs), in slices that leave the event
 * loop free; from then on a lookup is a few hash probes and the reading of
 * the articles found. A dictionary that cannot be read is reported once in
 * the log and left out.
 */
export function createTranslations(deps: { discovery: Discovery; log: Log }) {
  const { found } = deps.discovery
  const lexicons = new Map<string, Promise<Lexicon | undefined>>()
  let closed = false

  for (const s of deps.discovery.skipped) deps.log.warn({ file: s.file }, `dictionary left out: ${s.file}: ${s.reason}`)

  function lexicon(d: FoundDictionary): Promise<Lexicon | undefined> {
    let pending = lexicons.get(d.file)
    if (!pending) {
      const started = performance.now()
      pending = load(d).then(
        (lex) => {
          deps.log.info(
            { dictionary: d.name, language: d.language, terms: lex.terms, ms: Math.round(performance.now() - started), mb: Math.round(lex.bytes / 1e5) / 10 },
            `dictionary ready: ${d.name} (${d.language}, ${lex.terms.toLocaleString('en')} headwords)`,
          )
          if (closed) lex.close()
          return lex
        },
        (error: unknown) => {
          deps.log.warn({ err: error, file: d.file }, `dictionary left out: ${d.file} could not be read`)
          return undefined
        },
      )
      lexicons.set(d.file, pending)
    }
    return pending
  }

  const ofLanguage = (language: string) => found.filter((d) => d.language === language)

  return {
    /** The dictionaries found, each with its language, best known first. */
    list(): DictionaryInfo[] {
      return found.map((d) => ({ language: d.language, name: d.name }))
    },

    /** Starts indexing a language's dictionaries (a learner just chose it), without waiting. */
    warm(language: string): void {
      for (const d of ofLanguage(language)) void lexicon(d)
    },

    /** Meanings of a word in `language`, best first, each naming its dictionary. */
    async translate(language: LanguageCode | string, word: WordToTranslate): Promise<Translation[]> {
      const dictionaries = ofLanguage(language)
      if (dictionaries.length === 0) return []
      const loaded = await Promise.all(dictionaries.map(lexicon))
      const query = { keys: queryKeys(word.lemma, word.form, word.pos), pos: word.pos, context: contextWords(word.sentence, word.lemma, word.form) }
      const out: Translation[] = []
      const shown = new Set<string>()
      dictionaries.forEach((d, i) => {
        const lex = loaded[i]
        if (!lex) return
        const meanings = lex.meanings(query)
        // Stable: equal scores keep the dictionary's order.
        const ranked = meanings.map((m, at) => ({ ...m, at })).sort((x, y) => y.score - x.score || x.at - y.at)
        const best = ranked[0]?.score ?? 0
        let taken = 0
        for (const m of ranked) {
          if (taken >= MEANINGS_PER_DICTIONARY || m.score < best - SCORE_WINDOW) break
          const key = `${d.name}\u0000${m.text.toLowerCase()}`
          if (shown.has(key)) continue
          shown.add(key)
          out.push({ text: m.text, source: d.name })
          taken++
        }
      })
      return out.slice(0, TRANSLATIONS_MAX)
    },

    /** Closes the article files of the dictionaries loaded (and of any still loading, once they are). */
    async close(): Promise<void> {
      closed = true
      for (const pending of lexicons.values()) (await pending)?.close()
    },
  }
}

export type Translations = ReturnType<typeof createTranslations>
