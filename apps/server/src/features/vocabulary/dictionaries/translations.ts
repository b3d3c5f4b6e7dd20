import type { DictionaryInfo, LanguageCode, Translation } from '@lingocast/contract'
import type { Discovery, FoundDictionary } from './discover'
import { createIndexer, type Indexer } from './indexer'
import type { Lexicon } from './lexicon'
import { contextWords, queryKeys, type Meaning, type SenseWords } from './meanings'
import { lexiconOf } from './open-lexicon'

/** Lines one dictionary gives a word, and lines in all. */
export const MEANINGS_PER_DICTIONARY = 4
export const TRANSLATIONS_MAX = 12
/** A line scoring this far below the dictionary's best is another word's (a verb frame of a noun) or a rare sense: left out. */
const SCORE_WINDOW = 6
/** How long a lookup waits for a dictionary still being indexed before it answers without it. */
export const INDEXING_WAIT_MS = 150

export interface WordToTranslate {
  lemma: string
  /** The form in the sentence. */
  form: string
  /** The tagger's part of speech in the sentence. */
  pos: string
  sentence?: string | undefined
  /** The sense the lookup chose: each dictionary's lines that match it come first. */
  sense?: SenseWords | undefined
}

interface Log {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
}

/** One dictionary: being indexed (in the worker), ready (lexicon), or left out. */
interface Source {
  lexicon?: Lexicon
  out?: boolean
  settled: Promise<void>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())

/**
 * Meanings in the learner's language from the dictionaries found at start.
 * A dictionary is indexed once, in the indexing worker, the first time a learner of its language needs it (or sets it as theirs); a
 * lookup meanwhile answers from the dictionaries ready, waiting at most
 * INDEXING_WAIT_MS for the others, so no learner waits on a big index, and
 * later lookups include each one once it is ready. A lookup is then a few
 * hash probes and the reading of the articles found. A dictionary that
 * cannot be read, or turns out damaged at a lookup, is reported once in the
 * log and left out.
 */
export function createTranslations(deps: { discovery: Discovery; log: Log; indexer?: Indexer; waitMs?: number }) {
  const { found, places } = deps.discovery
  const indexer = deps.indexer ?? createIndexer()
  const waitMs = deps.waitMs ?? INDEXING_WAIT_MS
  const sources = new Map<string, Source>()
  let closed = false

  for (const s of deps.discovery.skipped) deps.log.warn({ file: s.file }, `dictionary left out: ${s.file}: ${s.reason}`)

  function leaveOut(d: FoundDictionary, entry: Source, reason: string) {
    entry.out = true
    entry.lexicon?.close()
    delete entry.lexicon
    deps.log.warn({ file: d.file, dictionary: d.name, language: d.language, reason }, `dictionary left out: ${d.file}: ${reason}`)
  }

  function source(d: FoundDictionary): Source {
    const known = sources.get(d.file)
    if (known) return known
    const started = performance.now()
    const entry: Source = { settled: Promise.resolve() }
    sources.set(d.file, entry)
    entry.settled = indexer
      .index({ format: d.format, file: d.file, data: d.data, places })
      .then((image) => {
        if (closed) return
        const lex = lexiconOf(d, image, places)
        entry.lexicon = lex
        deps.log.info(
          { dictionary: d.name, language: d.language, terms: lex.terms, ms: Math.round(performance.now() - started), mb: Math.round(lex.bytes / 1e5) / 10, ...(image.dropped ? { dropped: image.dropped } : {}) },
          `dictionary ready: ${d.name} (${d.language}, ${lex.terms.toLocaleString('en')} headwords)`,
        )
      })
      .catch((error: unknown) => {
        if (!closed) leaveOut(d, entry, failure(error))
      })
    return entry
  }

  const ofLanguage = (language: string) => found.filter((d) => d.language === language)

  return {
    /** The dictionaries found, each with its language, best known first. */
    list(): DictionaryInfo[] {
      return found.map((d) => ({ language: d.language, name: d.name }))
    },

    /** Starts indexing a language's dictionaries (a learner just chose it), without waiting. */
    warm(language: string): void {
      for (const d of ofLanguage(language)) source(d)
    },

    /** True while a dictionary of `language` is still being indexed: its meanings may come with a later lookup. */
    indexing(language: string): boolean {
      return ofLanguage(language).some((d) => {
        const entry = sources.get(d.file)
        return entry !== undefined && !entry.lexicon && !entry.out
      })
    },

    /** Resolves once every dictionary of `language` is ready or left out (starting those not started). */
    async ready(language: string): Promise<void> {
      await Promise.all(ofLanguage(language).map((d) => source(d).settled))
    },

    /** Meanings of a word in `language`, best first, each naming its dictionary. */
    async translate(language: LanguageCode | string, word: WordToTranslate): Promise<Translation[]> {
      const dictionaries = ofLanguage(language)
      if (dictionaries.length === 0) return []
      const wanted = dictionaries.map(source)
      const pending = wanted.filter((w) => !w.lexicon && !w.out)
      if (pending.length > 0) await Promise.race([Promise.all(pending.map((w) => w.settled)), sleep(waitMs)])
      const query = { keys: queryKeys(word.lemma, word.form, word.pos), pos: word.pos, context: contextWords(word.sentence, word.lemma, word.form), sense: word.sense }
      const out: Translation[] = []
      const shown = new Set<string>()
      dictionaries.forEach((d, i) => {
        const entry = wanted[i]!
        const lex = entry.lexicon
        if (!lex || entry.out) return
        let meanings: Meaning[]
        try {
          meanings = lex.meanings(query)
        } catch (error) {
          // Its articles do not match its index (a chunk that will not inflate, a file cut short since): out, once.
          leaveOut(d, entry, failure(error))
          return
        }
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

    /** Stops the indexing, and closes the article files of the dictionaries loaded. */
    async close(): Promise<void> {
      closed = true
      await indexer.close()
      for (const entry of sources.values()) {
        await entry.settled
        entry.lexicon?.close()
      }
    },
  }
}

export type Translations = ReturnType<typeof createTranslations>

/** Why a dictionary was left out, in one line: the reason, never a stack or the file's content. */
function failure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'AbortError') return 'its indexing was stopped (over its time, or the server is stopping)'
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return 'its indexing ran out of the memory it may take'
    return error.message.split('\n')[0]!.slice(0, 300)
  }
  return String(error).slice(0, 300)
}
