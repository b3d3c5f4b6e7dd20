import { tallyOf, type WordTally } from './comprehension'
import { countPhrase, lemmaSequence } from './phrases'
import type { PhrasesRepo } from './phrases.repo'
import { phraseUnits, type PhraseInTranscript } from './phrase-units'

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
 * Where the learner's phrases occur, and what that does to the
 * comprehension figures: an occurrence of a marked phrase counts as one unit
 * under the phrase's status, in place of its words there (phrase-units.ts,
 * decision 0028); its words keep their own statuses everywhere. A phrase is only looked for in a
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
     * The tallies with the user's marked phrases counted as units
     * (phrase-units.ts): each occurrence is one running unit under the
     * phrase's status, in place of its words there; the words' own statuses
     * are left as they are. Only the lemmas of phrases that occur are read
     * again; the change is the difference of the tally of those lemmas as
     * they are and with the phrases' units (tallyOf does the sums, whatever a
     * figure holds).
     */
    async adjust(userId: number, tallies: ReadonlyMap<number, WordTally>): Promise<Map<number, WordTally>> {
      const out = new Map(tallies)
      if (tallies.size === 0) return out
      const phrases = await repo.userPhrases(userId)
      if (phrases.length === 0) return out
      const statusOf = new Map(phrases.map((p) => [p.lemma, p.status]))
      const found = await occurrences([...statusOf.keys()], [...tallies.keys()])
      if (found.size === 0) return out

      const byTranscript = new Map<number, PhraseInTranscript[]>()
      for (const [phrase, where] of found) {
        for (const [transcriptId, count] of where) {
          byTranscript.set(transcriptId, [...(byTranscript.get(transcriptId) ?? []), { phrase, status: statusOf.get(phrase)!, count }])
        }
      }
      const lemmas = [...new Set([...found.keys()].flatMap((phrase) => phrase.split(' ')))]
      const [lemmaCounts, marks] = await Promise.all([repo.lemmaCounts([...byTranscript.keys()], lemmas), repo.statuses(userId, lemmas)])
      const countIn = new Map(lemmaCounts.map((r) => [`${r.transcript_id} ${r.lemma}`, Number(r.count)]))
      // A phrase's key holds spaces, a lemma's never: the two never meet in one map.
      const withPhrases = new Map([...marks, ...statusOf])

      for (const [transcriptId, list] of byTranscript) {
        const countOf = (lemma: string) => countIn.get(`${transcriptId} ${lemma}`) ?? 0
        const { taken, units } = phraseUnits(list, countOf)
        if (units.length === 0) continue
        const before = [...taken.keys()].map((lemma) => ({ lemma, count: countOf(lemma) }))
        const after = [...before.map((r) => ({ lemma: r.lemma, count: r.count - taken.get(r.lemma)! })).filter((r) => r.count > 0), ...units.map((u) => ({ lemma: u.phrase, count: u.count }))]
        const was = tallyOf(before, marks) as unknown as Record<string, number>
        const now = tallyOf(after, withPhrases) as unknown as Record<string, number>
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
