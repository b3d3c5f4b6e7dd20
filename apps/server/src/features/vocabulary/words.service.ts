import { VOCABULARY_MSG, type StatusCounts, type VocabularyWord, type WordStatus } from '@lingocast/contract'
import { stringify } from 'csv-stringify/sync'
import { ValidationError } from '../../lib/errors'
import { lemmaOf, lemmasOf } from './lemmatise'
import { parseWordList } from './word-import'
import type { WordsRepo } from './words.repo'

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

    /** A new card whose front is one word: that word is now being learnt, unless the user said otherwise. */
    async noteCardFront(userId: number, front: string): Promise<void> {
      const word = front.trim()
      if (!word || /\s/.test(word)) return
      const reading = lemmaOf(word)
      if (reading) await repo.markLearningIfNew(userId, reading.lemma)
    },
  }
}

export type WordsService = ReturnType<typeof createWordsService>
