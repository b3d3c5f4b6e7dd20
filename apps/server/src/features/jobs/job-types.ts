/**
 * Every job the queue runs, by name, with its payload. A new kind of job adds
 * a line here and registers its handler with the runner.
 */
export interface JobPayloads {
  /** Make (or finish) the word-timed transcript of one media address. */
  transcribe: { address: string }
  /** Fetch one channel's feed (conditional GET) and store its new episodes. */
  refresh_feed: { channelId: number }
  /** Read the publisher transcripts of one channel's newest episodes that nobody transcribed yet, and count their words. */
  count_episode_words: { channelId: number }
  /** Cut the sentence clip of one flashcard from its article's media and store it. */
  card_audio: { flashcardId: number }
  /** Score one shadowing take against its segment's words. */
  score_take: { takeId: number }
}

export type JobName = keyof JobPayloads

export interface ClaimedJob<N extends JobName = JobName> {
  id: number
  name: N
  payload: JobPayloads[N]
  attempts: number
  maxAttempts: number
  /** As claimed; it can only be raised while the job runs. */
  priority: number
  /** Runs of this job that ended with their process (counted as this claim took it over from a dead worker). */
  crashes: number
  /** This claim set the job aside instead of starting it (it stopped the process too often): failed, not run. */
  setAside: boolean
}
