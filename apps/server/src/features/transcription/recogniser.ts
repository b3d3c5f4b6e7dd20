import { TRANSCRIPT_NOTICE } from '@lingocast/contract'
import type { StoredWord } from '../../db/schema'
import type { SafeFetch } from '../../lib/safe-fetch'
import { PermanentJobError } from '../jobs/job-runner'
import { recogniseChunk, sliceTo, type AlignOptions } from './align'
import type { Chunk } from './chunks'
import { transcribeWithApi, type TranscriptionApiConfig } from './transcription-api'
import { openWhisper, type Whisper } from './whisper'

/**
 * Who writes the words when no transcript came with the media, best first:
 * Whisper with a local model, an OpenAI-compatible transcription API, and
 * pocketsphinx's free recognition, which is always there but often wrong
 * (its words are marked low-confidence).
 */
export interface Recogniser {
  source: 'whisper' | 'openai' | 'pocketsphinx'
  confidence: 'transcribed' | 'recognised'
  recognise(pcm: string, chunk: Chunk, options: Omit<AlignOptions, 'dictionary'>): Promise<StoredWord[]>
}

export interface RecogniserConfig {
  whisperModel: string | undefined
  transcribeApi: TranscriptionApiConfig | undefined
  /** Whether pocketsphinx and its model are here (undefined: assumed, as before tools were checked). */
  pocketsphinx?: boolean
  /** The fetch for the operator's endpoints: the transcription API is called with it. */
  http?: Pick<SafeFetch, 'fetch'>
}


export function createRecogniser(config: RecogniserConfig): Recogniser {
  if (config.whisperModel) {
    const model = config.whisperModel
    // Loaded on first use and kept: a model takes seconds to load and is shared by every job.
    let whisper: Whisper | undefined
    // One model context decodes one file at a time (whisper.cpp's state lives in it): with several
    // transcriptions running (TRANSCRIBE_CONCURRENCY), their recognitions take turns here.
    let turn: Promise<unknown> = Promise.resolve()
    return {
      source: 'whisper',
      confidence: 'transcribed',
      async recognise(pcm, chunk, options) {
        const slice = await sliceTo(pcm, chunk.start, chunk.end, options.workDir, 'recognise')
        const mine = turn.then(() => {
          options.signal?.throwIfAborted()
          whisper ??= openWhisper(model)
          return whisper.recognise(slice, chunk.start, options.signal)
        })
        turn = mine.catch(() => undefined)
        return mine
      },
    }
  }
  if (config.transcribeApi) {
    const api = config.transcribeApi
    const http = config.http
    if (!http) throw new Error('createRecogniser: a transcription API needs the operator endpoints\' fetch (config.http)')
    return {
      source: 'openai',
      confidence: 'transcribed',
      recognise: async (pcm, chunk, options) => transcribeWithApi(http, api, await sliceTo(pcm, chunk.start, chunk.end, options.workDir, 'recognise'), chunk.start, options.signal),
    }
  }
  if (config.pocketsphinx === false) {
    // Nothing here can hear words: the transcript fails with words that say why (its status carries them).
    return { source: 'pocketsphinx', confidence: 'recognised', recognise: async () => Promise.reject(new PermanentJobError(TRANSCRIPT_NOTICE.recognition_unavailable)) }
  }
  return { source: 'pocketsphinx', confidence: 'recognised', recognise: (pcm, chunk, options) => recogniseChunk(pcm, chunk, options) }
}
