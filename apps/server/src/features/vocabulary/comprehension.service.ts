import { LIBRARY_MSG, MSG, VOCABULARY_MSG, vocabularyRoutes, type Comprehension, type WordStatus } from '@lingocast/contract'
import { LRUCache } from 'lru-cache'
import { ConflictError, NotFoundError } from '../../lib/errors'
import { serialiseWith, type SerialisedJson } from '../../lib/serialised-json'
import { comprehensionOf, formsOf, transcriptWords } from './comprehension'
import { createComprehensionCache } from './comprehension-cache'
import type { ComprehensionRepo } from './comprehension.repo'
import type { PhraseCoverage } from './phrase-coverage'

/** Bytes of serialised library figures kept in memory (1,000 articles: about 100 KB). */
const BODIES_CACHED_BYTES = 16_000_000

type LibraryBody = SerialisedJson<{ success: true; articles: Record<string, Comprehension>; msg: 'ok' }>

/** Transcripts whose word forms stay in memory: a done transcript never changes, and a learner reopens the same few. */
const FORMS_CACHED = 20

export interface ComprehensionDeps {
  repo: ComprehensionRepo
  /** Called after marks change (today's known-words count). */
  onMarked: (userId: number) => Promise<void>
  /** Queues the reading of these channels' unread publisher transcripts (the count_episode_words job). */
  queueEpisodeWords?: (channelIds: number[]) => Promise<void>
  /** Told when that queueing failed: the figures are answered all the same. */
  onQueueError?: (error: unknown) => void
  /** The learner's phrases: an occurrence of a marked phrase counts as one unit under its status (decision 0028). */
  phrases?: Pick<PhraseCoverage, 'adjust' | 'forgetTranscript'>
}

/**
 * How much of each transcript a user understands, from per-transcript lemma
 * counts joined with the user's marks. Counts are made when a transcript is
 * done; transcripts done before counting existed are counted the first time
 * someone asks.
 */
export function createComprehensionService({ repo, onMarked, queueEpisodeWords, onQueueError, phrases }: ComprehensionDeps) {
  const forms = new Map<number, Promise<Record<string, string>>>()
  const cache = createComprehensionCache(repo)
  // Moved on when this process counts a transcript again: figures sent before that are not sent again.
  let counted = 0

  async function countTranscript(transcriptId: number): Promise<void> {
    const { counts, sequence } = transcriptWords(await repo.transcriptTexts(transcriptId))
    await repo.replaceLemmas(transcriptId, counts, sequence)
    cache.forgetTranscript(transcriptId)
    phrases?.forgetTranscript(transcriptId)
    counted++
  }

  async function countMissing(ids: number[]): Promise<void> {
    for (const id of ids) await countTranscript(id)
  }

  async function articleOf(userId: number, ref: number | string) {
    const article = await repo.article(userId, ref)
    if (!article) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    return article
  }

  function formsOfTranscript(transcriptId: number): Promise<Record<string, string>> {
    let found = forms.get(transcriptId)
    if (!found) {
      found = repo.transcriptTexts(transcriptId).then(formsOf)
      found.catch(() => forms.delete(transcriptId))
      if (forms.size >= FORMS_CACHED) forms.delete(forms.keys().next().value!)
      forms.set(transcriptId, found)
    }
    return found
  }

  async function library(userId: number): Promise<Record<string, Comprehension>> {
    const scope = await repo.libraryScope(userId)
    const ids = [...new Set(scope.map((s) => s.transcriptId))]
    // Only transcripts without a figure yet can lack counts: the others were counted before.
    const unsure = cache.without(userId, ids)
    if (unsure.length > 0) await countMissing(await repo.uncounted(unsure))
    const tallies = phrases ? await phrases.adjust(userId, await cache.tallies(userId, ids)) : await cache.tallies(userId, ids)
    const out: Record<string, Comprehension> = {}
    for (const s of scope) {
      // A transcript without a single word to count (music, silence) has no figure.
      const tally = tallies.get(s.transcriptId)
      if (tally) out[s.key] = comprehensionOf(tally)
    }
    return out
  }

  const serialiseLibrary = async (userId: number): Promise<LibraryBody> =>
    serialiseWith(vocabularyRoutes.libraryComprehension.response, { success: true, articles: await library(userId), msg: MSG.ok })
  const bodies = new LRUCache<string, LibraryBody, number>({
    maxSize: BODIES_CACHED_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
    fetchMethod: (_key, _stale, { context: userId }) => serialiseLibrary(userId),
  })

  const toRecord = <K extends string>(tallies: Map<K, Parameters<typeof comprehensionOf>[0]>) => {
    const out: Record<string, Comprehension> = {}
    for (const [key, tally] of tallies) out[key] = comprehensionOf(tally)
    return out
  }

  return {
    /** Counts a transcript's lemmas (again): when it becomes done. */
    countTranscript,

    /**
     * The library's figures as sent, kept per user and versions (decision
     * 0017): while the user's articles, their transcripts' state and their
     * marks stay as they were, the same text is the answer, whichever
     * process changed them. Concurrent misses build it once.
     */
    async libraryBody(userId: number): Promise<LibraryBody> {
      // Read before the figures: a change in between only makes the next call build again.
      const versions = await repo.versions(userId)
      if (versions === undefined) return serialiseLibrary(userId)
      return (await bodies.fetch(`${userId}@${versions}.${counted}`, { context: userId }))!
    },

    async feedEpisodes(userId: number, itemIds: number[]): Promise<Record<string, Comprehension>> {
      const ids = [...new Set(itemIds)]
      await countMissing(await repo.uncountedEpisodeTranscripts(userId, ids))
      // Episodes whose publisher transcript was never read (stored before reading existed, or its read failed a day ago):
      // read in the background, so their figure comes on a later call.
      if (queueEpisodeWords) {
        try {
          const channels = await repo.channelsToRead(userId, ids)
          if (channels.length > 0) await queueEpisodeWords(channels)
        } catch (error) {
          onQueueError?.(error)
        }
      }
      return toRecord(await repo.episodeTallies(userId, ids))
    },

    /** The transcript's forms and the user's marks on them, to mark the words on screen. */
    async articleWords(userId: number, ref: number | string) {
      const { transcriptId } = await articleOf(userId, ref)
      if (transcriptId === null) return { forms: {}, statuses: {} }
      let tally = await repo.transcriptTally(userId, transcriptId)
      if (!tally) {
        await countTranscript(transcriptId)
        tally = await repo.transcriptTally(userId, transcriptId)
      }
      const [wordForms, marks] = await Promise.all([formsOfTranscript(transcriptId), repo.statusesIn(userId, transcriptId)])
      if (tally && phrases) tally = (await phrases.adjust(userId, new Map([[transcriptId, tally]]))).get(transcriptId)
      const statuses: Record<string, WordStatus> = {}
      // A learning term's level above 1 (none reads as 1), and each term's own hint.
      const levels: Record<string, number> = {}
      const hints: Record<string, string> = {}
      for (const m of marks) {
        statuses[m.lemma] = m.status as WordStatus
        if (m.status === 'learning' && m.level !== null && m.level > 1) levels[m.lemma] = m.level
        if (m.hint) hints[m.lemma] = m.hint
      }
      return { forms: wordForms, statuses, levels, hints, ...(tally ? { comprehension: comprehensionOf(tally) } : {}) }
    },

    /** LingQ's page turn: every lemma of the article still new becomes known; answers those lemmas for an undo. */
    async markArticleKnown(userId: number, ref: number | string): Promise<string[]> {
      const { transcriptId } = await articleOf(userId, ref)
      if (transcriptId === null) throw new ConflictError(VOCABULARY_MSG.articleHasNoTranscript)
      if (!(await repo.transcriptTally(userId, transcriptId))) await countTranscript(transcriptId)
      const changed = await repo.markNewKnown(userId, transcriptId)
      if (changed.length > 0) await onMarked(userId)
      return changed
    },
  }
}

export type ComprehensionService = ReturnType<typeof createComprehensionService>
