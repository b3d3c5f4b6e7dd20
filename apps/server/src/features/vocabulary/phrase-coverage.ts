import { tallyOf, type WordTally } from './comprehension'
import { countPhrase, lemmaSequence } from './phrases'
import type { PhrasesRepo } from './phrases.repo'

/**
 * Characters of lemma sequences kept in memory (about 16 MB): some 300
 * transcripts of 10,000 words, the library a learner reads while they mark
 * phrase after phrase.
 */
const SEQUENCE_CHARS_CACHED = 16_000_000
/** Stored sequences read in one query. */
const SEQUENCE_READ_BATCH = 100
/** (transcript, phrase) counts kept, zero included: a count never changes while the transcript's words do not. */
const COUNTS_CACHED = 200_000

/**
 * Where the learner's phrases occur (issue 24), and what that does to the
 * comprehension figures: an occurrence of a marked phrase counts as its
 * words, each under the phrase's status ("in spite of" known makes that
 * "spite" known there, and only there). A phrase is only looked for in a
 * transcript holding all of its lemmas (transcript_lemmas says which), in
 * the transcript's lemma sequence, stored when its words were counted
 * (transcript_lemma_sequences); each (transcript, phrase) count is kept,
 * shared by every user: once every pair asked for is known, the figures cost
 * no query.
 */
export function createPhraseCoverage(repo: PhrasesRepo) {
  const sequences = new Map<number, string>()
  let sequenceChars = 0
  // Transcripts counted before sequences were stored, being read now: one tagger run each, however many ask.
  const reading = new Map<number, Promise<string>>()
  const counts = new Map<string, number>()
  // Bumped when a transcript is counted again: what a call read before that is answered but not kept.
  let generation = 0

  function dropSequence(transcriptId: number): void {
    const found = sequences.get(transcriptId)
    if (found === undefined) return
    sequences.delete(transcriptId)
    sequenceChars -= found.length
  }

  function remember(transcriptId: number, sequence: string): void {
    dropSequence(transcriptId)
    sequences.set(transcriptId, sequence)
    sequenceChars += sequence.length
    // Least recently used first.
    for (const oldest of sequences.keys()) {
      if (sequenceChars <= SEQUENCE_CHARS_CACHED || oldest === transcriptId) break
      dropSequence(oldest)
    }
  }

  /** A transcript counted before its sequence was stored: read as lemmas once, and stored. */
  function readAndStore(transcriptId: number): Promise<string> {
    let pending = reading.get(transcriptId)
    if (!pending) {
      pending = repo
        .transcriptTexts(transcriptId)
        .then(lemmaSequence)
        .then(async (sequence) => {
          await repo.saveSequence(transcriptId, sequence)
          return sequence
        })
        .finally(() => reading.delete(transcriptId))
      reading.set(transcriptId, pending)
    }
    return pending
  }

  /** The lemma sequences of some transcripts: from memory, else as stored, else read now. */
  async function sequencesOf(transcriptIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>()
    const missing: number[] = []
    for (const id of transcriptIds) {
      const found = sequences.get(id)
      if (found === undefined) missing.push(id)
      else {
        remember(id, found)
        out.set(id, found)
      }
    }
    for (let i = 0; i < missing.length; i += SEQUENCE_READ_BATCH) {
      const batch = missing.slice(i, i + SEQUENCE_READ_BATCH)
      const readAt = generation
      const stored = await repo.sequences(batch)
      for (const id of batch) {
        const sequence = stored.get(id) ?? (await readAndStore(id))
        out.set(id, sequence)
        if (readAt === generation) remember(id, sequence)
      }
    }
    return out
  }

  const keep = (key: string, count: number) => {
    if (counts.size >= COUNTS_CACHED) counts.delete(counts.keys().next().value!)
    counts.set(key, count)
  }

  /** Each phrase's occurrences per transcript, where it occurs at all. */
  async function occurrences(phrases: readonly string[], transcriptIds: readonly number[]): Promise<Map<string, Map<number, number>>> {
    const uniqueIds = [...new Set(transcriptIds)]
    // This call's counts: the cache may drop an entry while a large library is counted.
    const found = new Map<string, number>()
    const missingPhrases = new Set<string>()
    const missingIds = new Set<number>()
    for (const phrase of new Set(phrases)) {
      for (const id of uniqueIds) {
        const key = `${id} ${phrase}`
        const count = counts.get(key)
        if (count !== undefined) {
          found.set(key, count)
        } else {
          missingPhrases.add(phrase)
          missingIds.add(id)
        }
      }
    }
    // Only the phrases and transcripts with a pair not counted yet are asked about.
    if (missingPhrases.size > 0) {
      const readAt = generation
      const pairs = await repo.candidates([...missingPhrases], [...missingIds])
      const byTranscript = new Map<number, string[]>()
      for (const p of pairs) byTranscript.set(p.transcript_id, [...(byTranscript.get(p.transcript_id) ?? []), p.phrase])
      const read = await sequencesOf([...byTranscript.keys()])
      for (const [transcriptId, list] of byTranscript) {
        const sequence = read.get(transcriptId)!
        for (const phrase of list) found.set(`${transcriptId} ${phrase}`, countPhrase(sequence, phrase))
      }
      // A transcript lacking a lemma of the phrase cannot hold it: zero, kept without reading it.
      if (readAt === generation) {
        for (const phrase of missingPhrases) {
          for (const id of missingIds) {
            const key = `${id} ${phrase}`
            keep(key, found.get(key) ?? 0)
          }
        }
      }
    }
    const out = new Map<string, Map<number, number>>()
    for (const [key, count] of found) {
      if (count === 0) continue
      const space = key.indexOf(' ')
      const phrase = key.slice(space + 1)
      out.set(phrase, (out.get(phrase) ?? new Map<number, number>()).set(Number(key.slice(0, space)), count))
    }
    return out
  }

  return {
    occurrences,

    /** How often each phrase occurs in the given transcripts in all (each transcript once). */
    async seenIn(phrases: readonly string[], transcriptIds: readonly number[]): Promise<Map<string, number>> {
      const found = await occurrences(phrases, transcriptIds)
      const out = new Map<string, number>()
      for (const phrase of phrases) out.set(phrase, [...(found.get(phrase)?.values() ?? [])].reduce((a, b) => a + b, 0))
      return out
    },

    /**
     * The tallies with the user's marked phrases counted as their words: in
     * each occurrence, the phrase's words move from their own status to the
     * phrase's. Only the lemmas of phrases that occur are read again; the
     * change is the difference of the tally of those lemmas as they are and
     * split by the phrases (tallyOf does the sums, whatever a figure holds).
     */
    async adjust(userId: number, tallies: ReadonlyMap<number, WordTally>): Promise<Map<number, WordTally>> {
      const out = new Map(tallies)
      if (tallies.size === 0) return out
      const phrases = await repo.userPhrases(userId)
      if (phrases.length === 0) return out
      const statusOf = new Map(phrases.map((p) => [p.lemma, p.status]))
      const found = await occurrences([...statusOf.keys()], [...tallies.keys()])
      if (found.size === 0) return out

      // transcript -> lemma -> [phrase status, words covered] in the order of the phrases.
      const covered = new Map<number, Map<string, Array<[string, number]>>>()
      for (const [phrase, where] of found) {
        for (const [transcriptId, count] of where) {
          const lemmas = covered.get(transcriptId) ?? new Map<string, Array<[string, number]>>()
          for (const lemma of phrase.split(' ')) lemmas.set(lemma, [...(lemmas.get(lemma) ?? []), [statusOf.get(phrase)!, count]])
          covered.set(transcriptId, lemmas)
        }
      }
      const lemmas = [...new Set([...covered.values()].flatMap((m) => [...m.keys()]))]
      const [lemmaCounts, marks] = await Promise.all([repo.lemmaCounts([...covered.keys()], lemmas), repo.statuses(userId, lemmas)])
      const countIn = new Map(lemmaCounts.map((r) => [`${r.transcript_id} ${r.lemma}`, r.count]))

      for (const [transcriptId, byLemma] of covered) {
        const before: Array<{ lemma: string; count: number }> = []
        const after: Array<{ lemma: string; count: number }> = []
        const split = new Map(marks)
        for (const [lemma, moves] of byLemma) {
          // Names, numbers and symbols are not counted: a phrase's name stays out of the figures.
          const total = countIn.get(`${transcriptId} ${lemma}`)
          if (!total) continue
          before.push({ lemma, count: total })
          const own = marks.get(lemma)
          let left = total
          let kept = 0
          const byStatus = new Map<string, number>()
          for (const [status, count] of moves) {
            // Two phrases over the same words never move more words than there are.
            const moved = Math.min(count, left)
            left -= moved
            if (status === own) kept += moved
            else byStatus.set(status, (byStatus.get(status) ?? 0) + moved)
          }
          if (left + kept > 0) after.push({ lemma, count: left + kept })
          for (const [status, count] of byStatus) {
            if (count === 0) continue
            // A lemma under another status is counted as a lemma of its own: "spite" new elsewhere, known in the phrase.
            const key = `${lemma}\u0000${status}`
            split.set(key, status)
            after.push({ lemma: key, count })
          }
        }
        if (before.length === 0) continue
        const was = tallyOf(before, marks) as unknown as Record<string, number>
        const now = tallyOf(after, split) as unknown as Record<string, number>
        const tally = { ...out.get(transcriptId)! } as unknown as Record<string, number>
        for (const key of Object.keys(tally)) if (typeof tally[key] === 'number') tally[key] += (now[key] ?? 0) - (was[key] ?? 0)
        out.set(transcriptId, tally as unknown as WordTally)
      }
      return out
    },

    /** A transcript's words were counted again: its sequence and counts are read again. */
    forgetTranscript(transcriptId: number): void {
      generation++
      dropSequence(transcriptId)
      const prefix = `${transcriptId} `
      for (const key of counts.keys()) if (key.startsWith(prefix)) counts.delete(key)
    },
  }
}

export type PhraseCoverage = ReturnType<typeof createPhraseCoverage>
