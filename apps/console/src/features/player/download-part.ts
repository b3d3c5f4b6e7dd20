import { mediaRoutes } from '@lingocast/contract'
import { apiCall } from '../../api/client'
import { registerDownloadPart } from '../offline/download-parts'

/**
 * A download keeps the episode's whole transcript, prepared as the player
 * reads it, so the player opens it offline. Imported by the shell, so a
 * download started from any screen keeps it; the segment code loads only then.
 */
registerDownloadPart('transcript', {
  async fetch({ owner, episode, signal, onProgress }) {
    onProgress({ step: 'transcript', done: 0, total: 1 })
    const transcript = await apiCall(mediaRoutes.getSpeechSegments, { query: { audio_url: episode.address }, signal, account: owner })
    const { prepareSegments } = await import('./segments')
    return { segments: prepareSegments(transcript.segments), ...(transcript.transcription ? { transcription: transcript.transcription } : {}) }
  },
})
