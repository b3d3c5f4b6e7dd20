import { decodeText } from './decode-text'
import { runSized } from './worker-pool'

const decodeTask = { module: new URL('./decode-text.ts', import.meta.url), name: 'decodeText', run: decodeText }

/** decodeText on the worker pool for all but small texts: the charset detector alone reads up to 200 KB at about 0.6 ms a KB. */
export const decodeTextOffThread = (bytes: Uint8Array, options: { contentType?: string | null } = {}): Promise<string> => runSized(decodeTask, bytes.byteLength, bytes, options)
