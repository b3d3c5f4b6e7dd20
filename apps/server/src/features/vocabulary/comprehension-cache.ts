import { changedLemmas, remark, tallyOf, type Marks, type WordTally } from './comprehension'
import type { ComprehensionRepo } from './comprehension.repo'

/** Users whose figures stay in memory (each: their marks and one tally per transcript of their library). */
const USERS_CACHED = 32
/** More changed marks than this (a placement, an import) rebuild every figure instead of moving them. */
const DELTA_MAX_LEMMAS = 2_000
/** More new transcripts than this are tallied in SQL rather than from their rows. */
const ROWS_MAX_TRANSCRIPTS = 20

interface Entry {
  version: string
  marks: Marks
  tallies: Map<number, WordTally>
}

/**
 * The library's figures for a user, kept in memory and brought up to date on
 * each read. Summing a large library in SQL (2,000,000 lemma rows for 1,000
 * episodes) takes seconds; a change of marks moves only the figures of the
 * transcripts holding the changed lemmas. Each read first compares a
 * version of the user's marks in the database, so a change made by
 * another process (several web processes over one PostgreSQL) is seen too.
 */
export function createComprehensionCache(repo: ComprehensionRepo) {
  const users = new Map<number, Entry>()

  async function rebuild(userId: number, transcriptIds: number[]): Promise<Entry> {
    const snapshot = await repo.snapshot(userId, transcriptIds)
    return { version: snapshot.version, marks: snapshot.marks, tallies: snapshot.tallies }
  }

  /** Brings the cached tallies to the marks now stored. */
  async function catchUp(userId: number, entry: Entry): Promise<Entry> {
    const now = await repo.marks(userId)
    const changed = changedLemmas(entry.marks, now.marks)
    const ids = [...entry.tallies.keys()]
    if (changed.length > DELTA_MAX_LEMMAS) return rebuild(userId, ids)
    if (changed.length > 0 && ids.length > 0) {
      for (const row of await repo.occurrences(changed, ids)) {
        const tally = entry.tallies.get(row.transcript_id)
        if (tally) remark(tally, row.count, entry.marks.get(row.lemma), now.marks.get(row.lemma))
      }
    }
    return { version: now.version, marks: now.marks, tallies: entry.tallies }
  }

  /** Tallies of transcripts new to the entry (an article added, a transcript done), under the entry's marks. */
  async function addTranscripts(userId: number, entry: Entry, missing: number[]): Promise<Entry> {
    if (missing.length > ROWS_MAX_TRANSCRIPTS) {
      // In one snapshot with fresh marks: those marks replace the entry's, so every tally is made again.
      return rebuild(userId, [...entry.tallies.keys(), ...missing])
    }
    const rows = new Map<number, Array<{ lemma: string; count: number }>>()
    for (const r of await repo.lemmaCounts(missing)) {
      const list = rows.get(r.transcript_id) ?? []
      list.push(r)
      rows.set(r.transcript_id, list)
    }
    for (const [id, list] of rows) entry.tallies.set(id, tallyOf(list, entry.marks))
    return entry
  }

  async function update(userId: number, transcriptIds: number[]): Promise<Map<number, WordTally>> {
    let entry = users.get(userId)
    if (!entry) {
      entry = await rebuild(userId, transcriptIds)
    } else {
      if ((await repo.marksVersion(userId)) !== entry.version) entry = await catchUp(userId, entry)
      const missing = transcriptIds.filter((id) => !entry!.tallies.has(id))
      if (missing.length > 0) entry = await addTranscripts(userId, entry, missing)
    }
    // Articles deleted since: their transcripts leave the entry.
    const wanted = new Set(transcriptIds)
    for (const id of entry.tallies.keys()) if (!wanted.has(id)) entry.tallies.delete(id)
    // Most recently used last; the oldest user leaves first.
    users.delete(userId)
    users.set(userId, entry)
    if (users.size > USERS_CACHED) users.delete(users.keys().next().value!)
    return new Map(entry.tallies)
  }

  // One update at a time per user: two at once would move the same figures twice.
  const queues = new Map<number, Promise<unknown>>()

  return {
    /** The tallies of these transcripts for the user, up to date with their marks. */
    tallies(userId: number, transcriptIds: number[]): Promise<Map<number, WordTally>> {
      const run = (queues.get(userId) ?? Promise.resolve()).catch(() => undefined).then(() => update(userId, transcriptIds))
      queues.set(userId, run)
      void run.finally(() => queues.get(userId) === run && queues.delete(userId)).catch(() => undefined)
      return run
    },

    /** Those of the transcripts that have no figure for the user yet. */
    without(userId: number, transcriptIds: number[]): number[] {
      const entry = users.get(userId)
      return entry ? transcriptIds.filter((id) => !entry.tallies.has(id)) : transcriptIds
    },

    /** A transcript's lemmas were counted again: every figure of it is made again on its next read. */
    forgetTranscript(transcriptId: number): void {
      for (const entry of users.values()) entry.tallies.delete(transcriptId)
    },
  }
}

export type ComprehensionCache = ReturnType<typeof createComprehensionCache>
