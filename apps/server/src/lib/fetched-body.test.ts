import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { cutWhenSlow, HostTooSlowError, readCapped } from './fetched-body'

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('a body read to its end', () => {
  it('passes a body that keeps coming through whole', async () => {
    const body = new PassThrough()
    const guarded = cutWhenSlow(body, { bytesPerSecond: 10, windowMs: 50 })
    body.end(Buffer.from('whole episode'))
    expect((await bytesOf(guarded)).toString()).toBe('whole episode')
  })

  it('is cut when the host trickles under the limit for a window', async () => {
    const body = new PassThrough()
    const guarded = cutWhenSlow(body, { bytesPerSecond: 1000, windowMs: 100 })
    const trickle = setInterval(() => body.write('x'), 20)
    try {
      await expect(bytesOf(guarded)).rejects.toBeInstanceOf(HostTooSlowError)
    } finally {
      clearInterval(trickle)
    }
    expect(body.destroyed).toBe(true)
  })

  it("keeps a host's failure for a reader that has not started, never as an uncaught error", async () => {
    const body = new PassThrough()
    const guarded = cutWhenSlow(body, { bytesPerSecond: 1, windowMs: 10_000 })
    body.destroy(new Error('Response body length does not match content-length header'))
    await new Promise((r) => setTimeout(r, 20))
    await expect(bytesOf(guarded)).rejects.toThrow('does not match content-length')
  })

  it('refuses more than the cap, in words', async () => {
    const body = new PassThrough()
    body.end(Buffer.alloc(3000))
    await expect(readCapped(body, 2048)).rejects.toThrow('The response is larger than 2 KB.')
  })
})
