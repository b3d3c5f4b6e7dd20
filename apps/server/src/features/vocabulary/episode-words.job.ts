import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import type { JobHandler, SetAsideHandler } from '../jobs/job-runner'
import { lemmaHistogram } from './comprehension'
import type { ComprehensionRepo } from './comprehension.repo'

/** Episodes read per job: each is one capped, timed-out fetch and a parse, so a job stays short. */
export const EPISODES_PER_JOB = 50
/** Cue texts lemmatised between two yields to the event loop (a long transcript never blocks the process). */
const TEXTS_PER_SLICE = 200

export interface EpisodeWordsDeps {
  repo: Pick<ComprehensionRepo, 'episodesToRead' | 'storeEpisodeWords'>
  /** The publisher transcript's cue texts; throws when it cannot be read (the feeds service's fetch, caps and parsers). */
  readTranscript: (url: string, type: string | null) => Promise<string[]>
}

/** A histogram of many texts, a slice at a time. */
async function countWords(texts: string[], signal: AbortSignal): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (let i = 0; i < texts.length; i += TEXTS_PER_SLICE) {
    if (i > 0) await yieldToEventLoop()
    signal.throwIfAborted()
    for (const [lemma, n] of lemmaHistogram(texts.slice(i, i + TEXTS_PER_SLICE))) counts.set(lemma, (counts.get(lemma) ?? 0) + n)
  }
  return counts
}

/**
 * The count_episode_words job: a channel's newest episodes that
 * name a publisher transcript and have no transcript of their own get that
 * transcript read and its words counted, so My Feed shows how much of them
 * the learner understands before anyone collects them. Runs in the feed
 * lane; queued after a refresh that stored episodes with transcripts, and
 * when someone asks for the figures of episodes still unread.
 */
export function createEpisodeWordsJob(deps: EpisodeWordsDeps): JobHandler<'count_episode_words'> {
  return async ({ channelId }, ctx) => {
    let counted = 0
    let failed = 0
    for (const episode of await deps.repo.episodesToRead(channelId, EPISODES_PER_JOB)) {
      ctx.signal.throwIfAborted()
      let counts: Map<string, number> | null
      try {
        counts = await countWords(await deps.readTranscript(episode.transcriptUrl, episode.transcriptType), ctx.signal)
      } catch (error) {
        if (ctx.signal.aborted) throw error
        ctx.log.info({ err: error, item: episode.id, transcript: episode.transcriptUrl }, 'a publisher transcript could not be read for its words')
        counts = null
      }
      await deps.repo.storeEpisodeWords(episode.id, episode.transcriptUrl, counts)
      if (counts) counted++
      else failed++
    }
    if (counted + failed > 0) ctx.log.info({ channelId, counted, failed }, 'publisher transcripts counted')
  }
}

/**
 * A count_episode_words job set aside (reading one of these transcripts stopped the server twice):
 * the episodes it was to read are stored as unreadable, so the next look at their figures does
 * not queue the same reading again.
 */
export function setAsideEpisodeWords(repo: EpisodeWordsDeps['repo']): SetAsideHandler<'count_episode_words'> {
  return async ({ channelId }) => {
    for (const episode of await repo.episodesToRead(channelId, EPISODES_PER_JOB)) await repo.storeEpisodeWords(episode.id, episode.transcriptUrl, null)
  }
}
