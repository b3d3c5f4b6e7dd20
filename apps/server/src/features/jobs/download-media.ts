import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { discardBody, type SafeFetch } from '../../lib/safe-fetch'
import { PermanentJobError } from './job-runner'

/**
 * Fetches remote media into `file` through the SSRF-safe fetch, refusing more
 * than `maxBytes` (at once when the host announces more). A 4xx (but 429) is
 * permanent: no retry brings the file back. A trickle is cut by the fetch's
 * low-speed limit; a cut-off or reset transfer rejects, and the caller removes
 * the partial file.
 */
export async function downloadMedia(safeFetch: SafeFetch, address: string, file: string, maxBytes: number, signal: AbortSignal): Promise<void> {
  const res = await safeFetch.fetch(address, { signal, eager: true })
  if (res.status !== 200) {
    discardBody(res.body)
    const message = `The media host answered ${res.status}`
    throw res.status >= 400 && res.status < 500 && res.status !== 429 ? new PermanentJobError(message) : new Error(message)
  }
  const tooLarge = () => new PermanentJobError(`The media is larger than ${Math.round(maxBytes / 1_048_576)} MB.`)
  if (Number(res.headers['content-length']) > maxBytes) {
    discardBody(res.body)
    throw tooLarge()
  }
  let size = 0
  res.body.on('data', (c: Buffer) => {
    size += c.length
    if (size > maxBytes) res.body.destroy(tooLarge())
  })
  await pipeline(res.body, createWriteStream(file), { signal })
}
