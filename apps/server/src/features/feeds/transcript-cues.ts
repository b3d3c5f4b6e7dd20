import type { StoredCue } from '../../db/schema'
import { decodeText } from '../../lib/decode-text'
import { runSized } from '../../lib/worker-pool'
import { parseTranscript, type TranscriptFormat } from '../transcription/cues'

/** A publisher transcript's bytes as cues: decoded by the bytes and their Content-Type, then parsed as `format`. */
export function cuesFromBytes(bytes: Uint8Array, contentType: string | undefined, format: TranscriptFormat): StoredCue[] {
  return parseTranscript(decodeText(bytes, { contentType }), format)
}

const cuesTask = { module: new URL(import.meta.url), name: 'cuesFromBytes', run: cuesFromBytes }

/** cuesFromBytes off the event loop for all but small files: a transcript of a few MB took a quarter of a second to read. */
export const readTranscriptCues = (bytes: Uint8Array, contentType: string | undefined, format: TranscriptFormat): Promise<StoredCue[]> =>
  runSized(cuesTask, bytes.byteLength, bytes, contentType, format)
