import { FormData } from 'undici'
import type { StoredWord } from '../../db/schema'
import { readCapped, type SafeFetch } from '../../lib/safe-fetch'
import { pcmToWav } from './wav'

/**
 * An OpenAI-compatible /v1/audio/transcriptions endpoint (OpenAI, a local
 * faster-whisper server, ...) with word timestamps, when TRANSCRIBE_API_URL
 * is set. The address is the administrator's, not a user's: fetched like the
 * sign-in providers, without the address check but with every other guard.
 */
export interface TranscriptionApiConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
}

/** Words of a chunk as JSON: a few hundred KB at most. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024

export async function transcribeWithApi(http: Pick<SafeFetch, 'fetch'>, config: TranscriptionApiConfig, pcm: string, offsetMs: number, signal?: AbortSignal): Promise<StoredWord[]> {
  const wav = await pcmToWav(pcm, `${pcm}.wav`)
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav')
  form.set('model', config.model)
  form.set('response_format', 'verbose_json')
  form.append('timestamp_granularities[]', 'word')
  form.set('language', 'en')
  const res = await http.fetch(`${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
    method: 'POST',
    body: form,
    headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10 * 60_000)]) : AbortSignal.timeout(10 * 60_000),
    eager: true,
  })
  const text = (await readCapped(res.body, MAX_ANSWER_BYTES)).toString('utf8')
  if (res.status < 200 || res.status > 299) throw new Error(`The transcription API answered ${res.status}: ${text.slice(0, 200)}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    throw new Error('The transcription API answered something that is not JSON', { cause: error })
  }
  return apiWords(body, offsetMs)
}

/** `words: [{word, start, end}]` in seconds; without them there is nothing word-timed to keep. */
export function apiWords(body: unknown, offsetMs: number): StoredWord[] {
  const words = (body as { words?: unknown })?.words
  if (!Array.isArray(words)) throw new Error('The transcription API gave no word timestamps (is timestamp_granularities supported?)')
  return (words as Array<{ word?: unknown; start?: unknown; end?: unknown }>)
    .filter((w) => typeof w.word === 'string' && w.word.trim() && Number.isFinite(Number(w.start)) && Number.isFinite(Number(w.end)))
    .map((w) => ({ word: String(w.word).trim(), start: offsetMs + Math.round(Number(w.start) * 1000), end: offsetMs + Math.round(Number(w.end) * 1000) }))
}

