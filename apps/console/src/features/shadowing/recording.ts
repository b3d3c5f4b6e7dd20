/**
 * The rules of recording a take, apart from the browser: which format to
 * ask MediaRecorder for, when the learner has finished, and what to say when
 * there is no microphone.
 */

/** Opus in WebM (Chromium) or Ogg (Firefox): the two the server takes. */
const RECORDER_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/ogg']

export function pickRecorderType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDER_TYPES.find((t) => isSupported(t))
}

/** Root mean square of a block of samples (-1..1): the level the meter shows and the silence rule reads. */
export function rms(samples: Float32Array): number {
  let sum = 0
  for (const s of samples) sum += s * s
  return samples.length ? Math.sqrt(sum / samples.length) : 0
}

export interface SilenceRule {
  /** Level at or above which a block is speech. */
  speechLevel: number
  /** Quiet this long after speech ends the take. */
  silenceMs: number
  /** Speech must last this long in all before a silence can end the take (a click is not speech). */
  minSpeechMs: number
}

export const SILENCE_RULE: SilenceRule = { speechLevel: 0.02, silenceMs: 1200, minSpeechMs: 250 }

/** Feed it levels with their times; it answers true once the learner spoke and then was quiet for `silenceMs`. */
export function createSilenceStop(rule: SilenceRule = SILENCE_RULE) {
  let speechMs = 0
  let last: number | undefined
  let quietSince: number | undefined
  return (level: number, nowMs: number): boolean => {
    const step = last === undefined ? 0 : Math.max(0, nowMs - last)
    last = nowMs
    if (level >= rule.speechLevel) {
      speechMs += step
      quietSince = undefined
      return false
    }
    quietSince ??= nowMs
    return speechMs >= rule.minSpeechMs && nowMs - quietSince >= rule.silenceMs
  }
}

export const MIC_MESSAGES = {
  refused: 'Microphone access was refused. Allow the microphone for this site in the browser to record a take.',
  none: 'No microphone was found. Connect one and try again.',
  busy: 'The microphone could not be started (another application may be using it).',
  unsupported: 'This browser cannot record audio here (a secure https page is needed).',
} as const

/** What to tell the learner when getUserMedia or MediaRecorder failed. */
export function microphoneErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return MIC_MESSAGES.refused
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return MIC_MESSAGES.none
  if (name === 'NotReadableError' || name === 'AbortError') return MIC_MESSAGES.busy
  return MIC_MESSAGES.unsupported
}
