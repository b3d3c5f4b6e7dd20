import { threadId } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { windows1252 } from '../../../../test/legacy-feed'
import { failing, whereRun } from '../../../../test/thread-task'
import { decodeText } from './decode-text'
import { decodeTextOffThread } from './decode-text-off-thread'
import { INLINE_MAX_BYTES, runSized } from './worker-pool'

const fixture = new URL('../../../../test/thread-task.ts', import.meta.url)
const where = { module: fixture, name: 'whereRun', run: whereRun }

describe('runSized', () => {
  it('runs small input in place and larger input on a worker thread', async () => {
    expect((await runSized(where, INLINE_MAX_BYTES, new Uint8Array(INLINE_MAX_BYTES))).threadId).toBe(threadId)
    const away = await runSized(where, INLINE_MAX_BYTES + 1, new Uint8Array(INLINE_MAX_BYTES + 1))
    expect(away.threadId).not.toBe(threadId)
    expect(away.length).toBe(INLINE_MAX_BYTES + 1)
  })

  it('hands a view into a larger buffer over as bytes of its own, not the whole buffer', async () => {
    const big = new Uint8Array(1024 * 1024)
    const view = big.subarray(1000, 1000 + 64 * 1024)
    expect(await runSized(where, view.byteLength, view)).toMatchObject({ length: 64 * 1024, bufferLength: 64 * 1024 })
    // The caller's bytes are copied, not moved: still there afterwards.
    expect(view.byteLength).toBe(64 * 1024)
  })

  it("rejects with the task's own message when it fails on the thread", async () => {
    await expect(runSized({ module: fixture, name: 'failing', run: failing }, 100_000, new Uint8Array(100_000))).rejects.toThrow('cannot read 100000 bytes')
  })
})

describe('decodeTextOffThread', () => {
  const vtt = `WEBVTT\n\n${Array.from({ length: 800 }, (_, i) => `00:00:01.000 --> 00:00:01.900\n“Déjà vu” – it’s 5 € at the café \u0081, line ${i + 1}\n\n`).join('')}`
  const bytes = windows1252(vtt)

  it('decodes a large legacy text on a thread exactly as in place', async () => {
    expect(bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES)
    const text = await decodeTextOffThread(bytes, { contentType: 'text/vtt' })
    expect(text).toBe(vtt)
    expect(text).toBe(decodeText(bytes, { contentType: 'text/vtt' }))
  })
})
