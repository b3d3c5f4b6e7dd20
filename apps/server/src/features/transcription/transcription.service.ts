import { TRANSCRIPT_NOTICE, type TranscriptionStatus } from '@lingocast/contract'
import type { StoredCue } from '../../db/schema'
import { SET_ASIDE_ERROR, type JobsRepo } from '../jobs/jobs.repo'
import type { TranscriptsRepo, TranscriptState } from '../media/transcripts.repo'
import { CUE_TIMES } from './known-text'
import type { Recogniser } from './recogniser'
import type { TranscriptionQueueRepo, WorkAhead } from './transcription-queue.repo'
import { DEFAULT_SPEED, type SpeedKind } from './transcription-speed'

export type { TranscriptionStatus }

/**
 * A transcript a learner has open (parse_media, get_speech_segments, transcript?play_pos=) goes ahead
 * of background work (uploads and collected episodes queued at save, priority 0).
 */
export const FOCUS_PRIORITY = 10

/**
 * How long a running transcription that a more urgent one waits for may take to hand back its slot
 * (between two chunks) before it is stopped and handed back (the transcribe lane's `preemptAfterMs`).
 */
export const YIELD_WITHIN_MS = 3_000

export const transcribeKey = (address: string) => `transcribe:${address}`

/** Making this transcript stopped the server twice: it is not started again by itself (see `setAside`). */
export const isSetAside = (state: TranscriptState) => state.status === 'failed' && state.error === TRANSCRIPT_NOTICE.set_aside

export function toStatus(state: TranscriptState | undefined): TranscriptionStatus {
  if (!state) return { status: 'none', progress: 0, confidence: 'aligned' }
  return {
    status: state.status as TranscriptionStatus['status'],
    progress: state.progress,
    confidence: state.confidence === 'recognised' || state.confidence === 'transcribed' ? state.confidence : 'aligned',
    ...(state.unmatched.length > 0 ? { unmatched: state.unmatched } : {}),
    // A server without pocketsphinx: the player says why the words are not timed, or why there are none.
    ...(state.confidence === CUE_TIMES ? { notice: 'word_timing_off' as const } : {}),
    ...(state.status === 'failed' && state.error === TRANSCRIPT_NOTICE.recognition_unavailable ? { notice: 'recognition_unavailable' as const } : {}),
    ...(isSetAside(state) ? { notice: 'set_aside' as const } : {}),
  }
}

/**
 * Seconds until a waiting transcript (of priority `priority`) starts: the audio still to do ahead of it
 * over the speed of its kind, shared by the slots at work (the transcriptions running now: while
 * anything waits, every slot is busy). A running one that it outranks hands its slot over within
 * `yieldWithinMs`. Undefined when the length of one of them is unknown.
 */
export function estimateWaitSeconds(ahead: readonly WorkAhead[], priority: number, speeds: Record<SpeedKind, number>, recogniser: Recogniser['source'], yieldWithinMs = YIELD_WITHIN_MS): number | undefined {
  const slots = Math.max(1, ahead.filter((w) => w.running).length)
  let seconds = 0
  for (const work of ahead) {
    if (work.running && work.priority < priority) {
      seconds += yieldWithinMs / 1000
      continue
    }
    if (work.durationMs === null) return undefined
    const speed = speeds[work.aligned ? 'align' : recogniser] || DEFAULT_SPEED[work.aligned ? 'align' : recogniser]
    seconds += (work.durationMs / 1000) * (1 - Math.min(1, Math.max(0, work.progress))) / speed
  }
  return Math.ceil(seconds / slots)
}

export interface TranscriptionServiceDeps {
  transcripts: TranscriptsRepo
  jobs: JobsRepo
  nudge: () => void
  /** The transcribe lane as the status reads it (where a waiting job stands). */
  queue: TranscriptionQueueRepo
  /** Measured speeds of recent transcriptions (transcription-speed.ts). */
  speeds: () => Promise<Record<SpeedKind, number>>
  /** Which engine recognises media without known text here: its speed applies to those. */
  recogniser: Recogniser['source']
}

/**
 * Asks for transcripts: once per media address, shared by every user;
 * asking again is one lookup. The work itself is the transcribe job's.
 */
export function createTranscriptionService(deps: TranscriptionServiceDeps) {
  const { transcripts, jobs } = deps

  /** The transcript fails with the words the learner reads, and opening it does not ask for it again. */
  async function markSetAside(address: string): Promise<void> {
    const state = await transcripts.state(address)
    if (state && state.status !== 'done') await transcripts.setStatus(state.id, 'failed', TRANSCRIPT_NOTICE.set_aside)
  }

  async function queue(address: string, priority = 0) {
    const key = transcribeKey(address)
    // Set aside a moment ago: the claim fails the job and the runner marks its transcript just after
    // (job-runner.ts). A player's poll in between must not queue the work that stopped the server again.
    const last = await jobs.byDedupeKey(key)
    if (last?.status === 'failed' && last.error === SET_ASIDE_ERROR) return markSetAside(address)
    await jobs.enqueue('transcribe', { address }, { dedupeKey: key, priority })
    deps.nudge()
  }

  /**
   * The transcript's status with its job's: running while a worker has the job, else waiting with
   * its place. `focus`: the learner has it open, so its job goes ahead of background work.
   */
  async function describe(state: TranscriptState | undefined, focus = false): Promise<TranscriptionStatus> {
    const status = toStatus(state)
    if (!state || (state.status !== 'pending' && state.status !== 'running')) return status
    const key = transcribeKey(state.mediaAddress)
    let job = await deps.queue.job(key)
    // Raised (or queued again, if its job is gone) only when it is not already ahead: a poll is a read.
    if (focus && (!job || job.priority < FOCUS_PRIORITY)) {
      await queue(state.mediaAddress, FOCUS_PRIORITY)
      job = await deps.queue.job(key)
      // None queued: its job was set aside (queue above), and the transcript now says so.
      if (!job) return toStatus(await transcripts.state(state.mediaAddress))
    }
    if (!job) return status
    if (job.running) return { ...status, status: 'running' }
    const [ahead, speeds] = await Promise.all([deps.queue.ahead(job.id), deps.speeds()])
    const wait = estimateWaitSeconds(ahead, job.priority, speeds, deps.recogniser)
    return { ...status, status: 'pending', waiting: { ahead: ahead.length, ...(wait === undefined ? {} : { wait_seconds: wait }) } }
  }

  return {
    /**
     * Make the transcript unless it exists: an upload or a collected episode when it is saved (in the
     * background), parse_media when a player opens it (`focus`: ahead of the background). `cues` is
     * known text to align.
     */
    async request(address: string, options: { cues?: StoredCue[]; source?: string; focus?: boolean } = {}): Promise<TranscriptionStatus> {
      let state = await transcripts.state(address)
      // Set aside: opening the player (or collecting the episode) again must not stop the server again.
      if (state?.status === 'done' || (state && isSetAside(state))) return toStatus(state)
      if (!state || options.cues?.length) state = await transcripts.ensurePending(address, options.cues, options.source ?? (options.cues?.length ? 'publisher' : 'pocketsphinx'))
      if (state.status === 'failed') await transcripts.reopen(state.id)
      await queue(address, options.focus ? FOCUS_PRIORITY : 0)
      return describe(await transcripts.state(address))
    },

    /** transcript?play_pos=: the chunk at the play position is next, and this job goes ahead of others. */
    async focus(address: string, playPosMs: number): Promise<TranscriptionStatus> {
      const state = await transcripts.state(address)
      if (!state || state.status === 'done' || state.status === 'failed') return toStatus(state)
      if (state.focusMs !== playPosMs) await transcripts.setFocus(state.id, playPosMs)
      return describe(state, true)
    },

    /**
     * The transcribe job of this address stopped the server twice and was set aside: the transcript
     * fails with the words the learner reads, and is not asked for again by opening it.
     */
    setAside: markSetAside,

    /** get_speech_segments and background checks; `focus` when a player asks (its job goes ahead, if it has one). */
    async status(address: string, options: { focus?: boolean } = {}): Promise<TranscriptionStatus> {
      return describe(await transcripts.state(address), options.focus)
    },
  }
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>
