import { CHANGE_TIME_MSG, changeTimeOf, VOCABULARY_MSG, type StatusCounts, type VocabularyWord, type WordStatus } from '@lingocast/contract'
import { stringify } from 'csv-stringify/sync'
import { ValidationError } from '../../lib/errors'
import { lemmasOf } from './lemmatise'
import { isPhrase, isPhraseLemma, phraseLemma, phraseTokens } from './phrases'
import { parseWordList, type ImportedTerm } from './word-import'
import type { StatusEntry, WordsRepo } from './words.repo'

/** app_settings key of the one-off marking of the words of cards made before the vocabulary existed (migration 0010). */
export const CARD_WORDS_BACKFILL_KEY = 'vocabulary.card_words_marked'

/** The lemmas of the fronts that are one word (no space inside): a card of that word makes it learning. */
function lemmasOfCardFronts(fronts: readonly string[]): Map<string, string> {
  const words = [...new Set(fronts.map((f) => f.trim()).filter((w) => w !== '' && !/\s/.test(w)))]
  const readings = lemmasOf(words)
  const out = new Map<string, string>()
  words.forEach((w, i) => {
    const reading = readings[i]
    if (reading) out.set(w, reading.lemma)
  })
  return out
}

/** When one list names a lemma twice ("runs" known, "ran" learning), the status nearer to knowing wins. */
const STRENGTH: Record<WordStatus, number> = { new: 0, ignored: 1, learning: 2, known: 3 }

/**
 * The lemma of each term as written, in order: a word's lemma ("ran" ->
 * "run"), a phrase's lemmas joined by spaces ("looked forward to" -> "look
 * forward to"); undefined where nothing in it is a word. Words are read in
 * one batch, each phrase on its own.
 */
export function termLemmas(terms: readonly string[]): Array<string | undefined> {
  const words = terms.filter((t) => !isPhrase(t))
  const readings = lemmasOf(words)
  const wordLemma = new Map(words.map((w, i) => [w, readings[i]?.lemma]))
  return terms.map((t) => {
    if (!isPhrase(t)) return wordLemma.get(t)
    const tokens = phraseTokens(t)
    return tokens && tokens.length > 0 ? phraseLemma(tokens) : undefined
  })
}

export interface WordsServiceDeps {
  repo: WordsRepo
  /** How often each of the user's phrases occurs in their library: phrases are not in the lemma counts. */
  phraseSeen?: (userId: number, phrases: string[]) => Promise<Map<string, number>>
}

/**
 * The learner's vocabulary: marks per lemma or phrase, with levels and
 * hints, what their cards and library imply, imports and exports. Every
 * change also records today's known count.
 */
export function createWordsService({ repo, phraseSeen }: WordsServiceDeps) {
  /** Lemmas of the user's one-word card fronts: learning unless marked otherwise. */
  async function cardLemmas(userId: number): Promise<string[]> {
    const fronts = await repo.singleWordCardFronts(userId)
    return [...new Set(lemmasOf(fronts).flatMap((t) => (t ? [t.lemma] : [])))]
  }

  /**
   * Words and phrases to one entry per lemma: the strongest status, the
   * highest level of learning, the first hint; answers how many held no word.
   */
  function byLemma(words: ReadonlyArray<ImportedTerm>) {
    const lemmas = termLemmas(words.map((w) => w.word))
    const entries = new Map<string, StatusEntry>()
    let unreadable = 0
    lemmas.forEach((lemma, i) => {
      if (!lemma) return void unreadable++
      const { status, level, hint } = words[i]!
      const before = entries.get(lemma)
      if (!before || STRENGTH[status] > STRENGTH[before.status]) {
        entries.set(lemma, { lemma, status, level, hint: hint ?? before?.hint })
      } else {
        if (status === before.status && level !== undefined && (before.level === undefined || level > before.level)) before.level = level
        before.hint ??= hint
      }
    })
    return { entries: [...entries.values()], unreadable }
  }

  return {
    async list(userId: number, query: { q?: string | undefined; status?: WordStatus | undefined; offset: number; limit: number }) {
      // Lower case like every lemma; anything else in it is searched for as written.
      const prefix = query.q ? query.q.toLowerCase().replace(/[\u2018\u2019]/g, "'") : undefined
      const { words, counts } = await repo.list(userId, await cardLemmas(userId), { ...query, prefix })
      const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0)
      // A phrase is not in the transcripts' lemma counts: how often it occurs is found in their texts.
      const phrases = words.filter((w) => isPhraseLemma(w.lemma)).map((w) => w.lemma)
      const seen = phrases.length > 0 && phraseSeen ? await phraseSeen(userId, phrases) : new Map<string, number>()
      return {
        words: words.map(
          (w): VocabularyWord => ({ lemma: w.lemma, status: w.status, level: w.level, hint: w.hint, seen: seen.get(w.lemma) ?? w.seen, updated_at: w.updatedAt?.toISOString() ?? null }),
        ),
        total,
        counts: counts satisfies StatusCounts,
      }
    },

    /**
     * Each word becomes its lemma ("ran" marks "run"), each phrase its lemmas;
     * learning takes a level. Answers the terms that changed and what they were before.
     */
    async setStatus(userId: number, words: string[], status: WordStatus, level?: number, changedAt?: string) {
      const at = changeTimeOf(changedAt, new Date())
      if (at === 'future') throw new ValidationError(CHANGE_TIME_MSG.future)
      const { entries } = byLemma(words.map((word) => ({ word, status, ...(status === 'learning' && level !== undefined ? { level } : {}) })))
      if (entries.length === 0) throw new ValidationError(VOCABULARY_MSG.wordsRequired)
      return repo.setStatuses(userId, entries, { changes: true, changedAt: at })
    },

    /** The learner's own hint of a word or phrase (an empty one removes it); answers the term as it now is. */
    async setHint(userId: number, word: string, hint: string) {
      const [lemma] = termLemmas([word])
      if (!lemma) throw new ValidationError(VOCABULARY_MSG.wordsRequired)
      return { lemma, ...(await repo.setHint(userId, lemma, hint.trim() === '' ? null : hint.trim())) }
    },

    async import(userId: number, text: string, status: WordStatus) {
      const parsed = parseWordList(text, status)
      const { entries, unreadable } = byLemma(parsed.words)
      await repo.setStatuses(userId, entries, { changes: false })
      return { imported: entries.length, skipped: parsed.skipped + unreadable }
    },

    /** Every marked term as CSV (lemma, status, updated_at, level, hint), which the import reads back. */
    async exportCsv(userId: number): Promise<string> {
      const rows = (await repo.marked(userId)).map((w) => [w.lemma, w.status, w.updatedAt.toISOString(), w.level ?? '', w.hint ?? ''])
      return stringify([['lemma', 'status', 'updated_at', 'level', 'hint'], ...rows])
    },

    knownHistory: (userId: number, start: string, end: string) => repo.knownHistory(userId, start, end),

    /**
     * New cards (one from the card modal, or a whole imported deck): each
     * front that is one word makes that word learning, unless the user said
     * otherwise. One parse and one statement for the batch.
     */
    async noteCardFronts(userId: number, fronts: readonly string[]): Promise<void> {
      const lemmas = [...new Set(lemmasOfCardFronts(fronts).values())]
      if (lemmas.length > 0) await repo.markLearningIfNew(userId, lemmas)
    },

    /**
     * Once per instance: the words of one-word cards made before the
     * vocabulary existed become learning (the card modal and imports mark
     * theirs as they are made). A lemma needs the tagger, so this cannot be a
     * SQL migration; it runs at boot until it has finished once (app_settings
     * records that). Running twice (two processes booting) adds nothing more.
     * Answers how many marks were added.
     */
    async backfillCardWords(): Promise<number> {
      if (await repo.hasRun(CARD_WORDS_BACKFILL_KEY)) return 0
      const cards = await repo.everySingleWordCardFront()
      const lemmas = lemmasOfCardFronts(cards.map((c) => c.front))
      const entries = cards.flatMap((c) => {
        const lemma = lemmas.get(c.front)
        return lemma ? [{ userId: c.userId, lemma }] : []
      })
      const added = await repo.markLearningIfNewForUsers(entries)
      await repo.recordRun(CARD_WORDS_BACKFILL_KEY)
      return added
    },
  }
}

export type WordsService = ReturnType<typeof createWordsService>
