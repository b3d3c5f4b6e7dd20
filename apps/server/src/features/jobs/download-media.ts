import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { discardBody, type SafeFetch } from '../../lib/safe-fetch'
import { PermanentJobError } from './job-runner'

/**
 * Fetches remote media into `file` through the SSRF-safe fetch, refusing more
 * than `maxBytes`. A 4xx (but 429) is permanent: no retry brings the file back.
 */
export async function downloadMedia(safeFetch: SafeFetch, address: string, file: string, maxBytes: number, signal: AbortSignal): Promise<void> {
  const res = await safeFetch.fetch(address, { signal })
  if (res.status !== 200) {
    discardBody(res.body)
    const message = `The media host answered ${res.status}`
    throw res.status >= 400 && res.status < 500 && res.status !== 429 ? new PermanentJobError(message) : new Error(message)
  }
  let size = 0
  res.body.on('data', (c: Buffer) => {
    size += c.length
    if (size > maxBytes) res.body.destroy(new PermanentJobError(`The media is larger than ${Math.round(maxBytes / 1_048_576)} MB.`))
  })
  await pipeline(res.body, createWriteStream(file), { signal })
}
