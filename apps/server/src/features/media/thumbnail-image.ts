import { createRequire } from 'node:module'
import type Sharp from 'sharp'
import { AppError, UpstreamError, ValidationError } from '../../lib/errors'
import { discardBody, readCapped, type SafeFetch } from '../../lib/safe-fetch'
import type { Storage } from '../../lib/storage'

/** Required on the first image, not at start. */
let sharpModule: typeof Sharp | undefined
const sharp = (...args: Parameters<typeof Sharp>) => (sharpModule ??= createRequire(import.meta.url)('sharp') as typeof Sharp)(...args)

const MAX_IMAGE_BYTES = 15 * 1024 * 1024
/** Refuse decompression bombs: 40 megapixels is far above any cover art. */
const MAX_INPUT_PIXELS = 40_000_000

/** Resizes an image to fit a `size` square, as WebP. Anything that is not an image is refused. */
export async function resizeImage(input: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
  } catch (error) {
    throw new ValidationError(`The address did not return an image${error instanceof Error ? ` (${error.message.split('\n')[0]})` : ''}`)
  }
}

/** The bytes of a remote image, through the SSRF-safe fetch, capped in size. */
export async function fetchImage(safeFetch: SafeFetch, address: string): Promise<Buffer> {
  const hostFailed = (error: unknown): never => {
    if (error instanceof AppError) throw error
    throw new UpstreamError('The image host did not answer', { cause: error })
  }
  const res = await safeFetch.fetch(address, { headers: { accept: 'image/*' }, eager: true }).catch(hostFailed)
  if (res.status !== 200) {
    discardBody(res.body)
    throw new UpstreamError(`The image host answered ${res.status}`)
  }
  // A transfer cut off, reset or trickled is the host's failure too, not the server's.
  return readCapped(res.body, MAX_IMAGE_BYTES).catch(hostFailed)
}

/** The bytes of a stored image, from whichever storage holds it (sharp wants them whole). */
export async function readStoredImage(storage: Storage, address: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await storage.read(address)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
