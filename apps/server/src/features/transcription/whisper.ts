import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { StoredWord } from '../../db/schema'
import { pcmToWav } from './wav'

/**
 * Whisper (whisper.cpp, CPU build of @fugood/whisper.node's native package)
 * when WHISPER_MODEL names a ggml model file. The native package is an
 * optional dependency for linux-x64 only: the full @fugood/whisper.node pulls
 * CUDA and Vulkan builds (240 MB) that a CPU server never loads.
 */
interface NativeWhisper {
  WhisperContext: new (options: { filePath: string; useGpu?: boolean }) => WhisperContext
}
interface WhisperContext {
  transcribeFile(file: string, options: Record<string, unknown>): { stop(): Promise<void>; promise: Promise<{ segments: Array<{ text: string; t0: number; t1: number }>; isAborted: boolean }> }
  release(): Promise<void>
}

export class WhisperUnavailableError extends Error {}

const PACKAGE = `@fugood/node-whisper-${process.platform}-${process.arch}`

/** The native module, or why it cannot be used here. */
export function loadWhisperModule(): NativeWhisper {
  try {
    return createRequire(import.meta.url)(PACKAGE) as NativeWhisper
  } catch (error) {
    throw new WhisperUnavailableError(`Whisper is not available on ${process.platform}-${process.arch}: ${PACKAGE} is not installed (${(error as Error).message.split('\n')[0]})`)
  }
}

export interface Whisper {
  recognise(pcm: string, offsetMs: number, signal?: AbortSignal): Promise<StoredWord[]>
  release(): Promise<void>
}

/** Loads the model once; a missing or broken model file is a clear error, never a crash. */
export function openWhisper(modelFile: string, options: { threads?: number } = {}): Whisper {
  if (!existsSync(modelFile)) throw new WhisperUnavailableError(`WHISPER_MODEL file not found: ${modelFile}`)
  const native = loadWhisperModule()
  let context: WhisperContext
  try {
    context = new native.WhisperContext({ filePath: modelFile, useGpu: false })
  } catch (error) {
    throw new WhisperUnavailableError(`WHISPER_MODEL is not a usable ggml model (${modelFile}): ${(error as Error).message.split('\n')[0]}`)
  }
  return {
    async recognise(pcm, offsetMs, signal) {
      const wav = `${pcm}.wav`
      await pcmToWav(pcm, wav)
      // One word per segment (max length 1 with token timestamps): whisper.cpp's word timing.
      const job = context.transcribeFile(wav, { language: 'en', tokenTimestamps: true, maxLen: 1, maxThreads: options.threads ?? 2 })
      const stop = () => void job.stop()
      signal?.addEventListener('abort', stop, { once: true })
      try {
        const result = await job.promise
        return whisperWords(result.segments, offsetMs)
      } finally {
        signal?.removeEventListener('abort', stop)
      }
    },
    release: () => context.release(),
  }
}

/** whisper.cpp times are in 10 ms units; empty and bracketed ([MUSIC]) pieces are dropped. */
export function whisperWords(segments: Array<{ text: string; t0: number; t1: number }>, offsetMs: number): StoredWord[] {
  return segments
    .map((s) => ({ word: s.text.trim(), start: offsetMs + s.t0 * 10, end: offsetMs + s.t1 * 10 }))
    .filter((w) => w.word && !/^[[(].*[\])]$/.test(w.word))
}

export const WHISPER_SIZES = ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'small.en', 'medium', 'medium.en', 'large-v3-turbo'] as const

/** Where `npm run whisper:download <size>` fetches a model (the whisper.cpp project's ggml files). */
export function whisperModelUrl(size: string): string {
  if (!(WHISPER_SIZES as readonly string[]).includes(size)) throw new Error(`Unknown model size "${size}". Choose one of: ${WHISPER_SIZES.join(', ')}`)
  return `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-${size}.bin`
}
