import { VOCABULARY_MSG, type StatusCounts, type VocabularyWord, type WordStatus } from '@lingocast/contract'
import { stringify } from 'csv-stringify/sync'
import { ValidationError } from '../../lib/errors'
import { lemmasOf } from './lemmatise'
import { parseWordList } from './word-import'
import type { WordsRepo } from './words.repo'

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
 * The learner's vocabulary: marks per lemma, what their cards and library
 * imply, imports and exports. Every change also records today's known count.
 */
export function createWordsService({ repo }: { repo: WordsRepo }) {
  /** Lemmas of the user's one-word card fronts: learning unless marked otherwise. */
  async function cardLemmas(userId: number): Promise<string[]> {
    const fronts = await repo.singleWordCardFronts(userId)
    return [...new Set(lemmasOf(fronts).flatMap((t) => (t ? [t.lemma] : [])))]
  }

  /** Words to lemma -> status, strongest status per lemma; answers how many words held no lemma. */
  function byLemma(words: ReadonlyArray<{ word: string; status: WordStatus }>) {
    const readings = lemmasOf(words.map((w) => w.word))
    const statuses = new Map<string, WordStatus>()
    let unreadable = 0
    readings.forEach((reading, i) => {
      if (!reading) return void unreadable++
      const status = words[i]!.status
      const before = statuses.get(reading.lemma)
      if (before === undefined || STRENGTH[status] > STRENGTH[before]) statuses.set(reading.lemma, status)
    })
    return { entries: [...statuses].map(([lemma, status]) => ({ lemma, status })), unreadable }
  }

  return {
    async list(userId: number, query: { q?: string | undefined; status?: WordStatus | undefined; offset: number; limit: number }) {
      // Lower case like every lemma; anything else in it is searched for as written.
      const prefix = query.q ? query.q.toLowerCase().replace(/[\u2018\u2019]/g, "'") : undefined
      const { words, counts } = await repo.list(userId, await cardLemmas(userId), { ...query, prefix })
      const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0)
      return {
        words: words.map((w): VocabularyWord => ({ lemma: w.lemma, status: w.status, seen: w.seen, updated_at: w.updatedAt?.toISOString() ?? null })),
        total,
        counts: counts satisfies StatusCounts,
      }
    },

    /** Each word becomes its lemma ("ran" marks "run"); answers the lemmas that changed and their status before. */
    async setStatus(userId: number, words: string[], status: WordStatus) {
      const { entries } = byLemma(words.map((word) => ({ word, status })))
      if (entries.length === 0) throw new ValidationError(VOCABULARY_MSG.wordsRequired)
      return repo.setStatuses(userId, entries, { changes: true })
    },

    async import(userId: number, text: string, status: WordStatus) {
      const parsed = parseWordList(text, status)
      const { entries, unreadable } = byLemma(parsed.words)
      await repo.setStatuses(userId, entries, { changes: false })
      return { imported: entries.length, skipped: parsed.skipped + unreadable }
    },

    /** Every marked word as CSV (lemma, status, updated_at), which the import reads back. */
    async exportCsv(userId: number): Promise<string> {
      const rows = (await repo.marked(userId)).map((w) => [w.lemma, w.status, w.updatedAt.toISOString()])
      return stringify([['lemma', 'status', 'updated_at'], ...rows])
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
