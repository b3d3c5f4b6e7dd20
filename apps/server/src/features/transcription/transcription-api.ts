import type { StoredWord } from '../../db/schema'
import { pcmToWav } from './wav'

/**
 * An OpenAI-compatible /v1/audio/transcriptions endpoint (OpenAI, a local
 * faster-whisper server, ...) with word timestamps, when TRANSCRIBE_API_URL
 * is set. The address is the administrator's, not a user's, so it is
 * fetched directly like the sign-in providers, not through safeFetch.
 */
export interface TranscriptionApiConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
}

export async function transcribeWithApi(config: TranscriptionApiConfig, pcm: string, offsetMs: number, signal?: AbortSignal): Promise<StoredWord[]> {
  const wav = await pcmToWav(pcm, `${pcm}.wav`)
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav')
  form.set('model', config.model)
  form.set('response_format', 'verbose_json')
  form.append('timestamp_granularities[]', 'word')
  form.set('language', 'en')
  const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
    method: 'POST',
    body: form,
    headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10 * 60_000)]) : AbortSignal.timeout(10 * 60_000),
  })
  if (!res.ok) throw new Error(`The transcription API answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
  return apiWords((await res.json()) as unknown, offsetMs)
}

/** `words: [{word, start, end}]` in seconds; without them there is nothing word-timed to keep. */
export function apiWords(body: unknown, offsetMs: number): StoredWord[] {
  const words = (body as { words?: unknown })?.words
  if (!Array.isArray(words)) throw new Error('The transcription API gave no word timestamps (is timestamp_granularities supported?)')
  return (words as Array<{ word?: unknown; start?: unknown; end?: unknown }>)
    .filter((w) => typeof w.word === 'string' && w.word.trim() && Number.isFinite(Number(w.start)) && Number.isFinite(Number(w.end)))
    .map((w) => ({ word: String(w.word).trim(), start: offsetMs + Math.round(Number(w.start) * 1000), end: offsetMs + Math.round(Number(w.end) * 1000) }))
}

