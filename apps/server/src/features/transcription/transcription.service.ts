import type { TranscriptionStatus } from '@lingocast/contract'
import type { StoredCue } from '../../db/schema'
import type { JobsRepo } from '../jobs/jobs.repo'
import type { TranscriptsRepo, TranscriptState } from '../media/transcripts.repo'

export type { TranscriptionStatus }

/** A learner waiting at a play position goes ahead of background work. */
const FOCUS_PRIORITY = 10

export const transcribeKey = (address: string) => `transcribe:${address}`

export function toStatus(state: TranscriptState | undefined): TranscriptionStatus {
  if (!state) return { status: 'none', progress: 0, confidence: 'aligned' }
  return {
    status: state.status as TranscriptionStatus['status'],
    progress: state.progress,
    confidence: state.confidence === 'recognised' || state.confidence === 'transcribed' ? state.confidence : 'aligned',
    ...(state.unmatched.length > 0 ? { unmatched: state.unmatched } : {}),
  }
}

/**
 * Asks for transcripts: once per media address, shared by every user;
 * asking again is one lookup. The work itself is the transcribe job's.
 */
export function createTranscriptionService(deps: { transcripts: TranscriptsRepo; jobs: JobsRepo; nudge: () => void }) {
  const { transcripts, jobs } = deps

  async function queue(address: string, priority = 0) {
    await jobs.enqueue('transcribe', { address }, { dedupeKey: transcribeKey(address), priority })
    deps.nudge()
  }

  return {
    /** parse_media, an upload, a collected feed item: make the transcript unless it exists. `cues` is known text to align. */
    async request(address: string, options: { cues?: StoredCue[]; source?: string } = {}): Promise<TranscriptionStatus> {
      let state = await transcripts.state(address)
      if (state?.status === 'done') return toStatus(state)
      if (!state || options.cues?.length) state = await transcripts.ensurePending(address, options.cues, options.source ?? (options.cues?.length ? 'publisher' : 'pocketsphinx'))
      if (state.status === 'failed') await transcripts.reopen(state.id)
      await queue(address)
      return toStatus(await transcripts.state(address))
    },

    /** transcript?play_pos=: the chunk at the play position is next, and this job goes ahead of others. */
    async focus(address: string, playPosMs: number): Promise<TranscriptionStatus> {
      const state = await transcripts.state(address)
      if (!state || state.status === 'done' || state.status === 'failed') return toStatus(state)
      if (state.focusMs !== playPosMs) await transcripts.setFocus(state.id, playPosMs)
      await queue(address, FOCUS_PRIORITY)
      return toStatus(state)
    },

    async status(address: string): Promise<TranscriptionStatus> {
      return toStatus(await transcripts.state(address))
    },
  }
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>
