import { threadId } from 'node:worker_threads'

/** Where a task of lib/worker-pool.ts ran, and the bytes it was handed (lib/worker-pool.test.ts). */
export function whereRun(bytes: Uint8Array): { threadId: number; length: number; bufferLength: number } {
  return { threadId, length: bytes.byteLength, bufferLength: bytes.buffer.byteLength }
}

/** A task that fails, as a parser does on input it cannot read. */
export function failing(bytes: Uint8Array): never {
  throw new Error(`cannot read ${bytes.byteLength} bytes`)
}
