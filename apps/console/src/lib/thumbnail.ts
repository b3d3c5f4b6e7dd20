import { STORAGE_JUMP_PREFIX, STORAGE_THUMBNAIL_PREFIX, THUMBNAIL_IMAGE_PATH, THUMBNAIL_SIZE } from '@lingocast/contract'

/** Anything already under it is served by the storage routes as is. */
const STORAGE_API_PREFIX = '/storage/api/'

const REMOTE = /^https?:\/\//i

/** A remote image, resized by the server's thumbnail proxy (the browser never fetches a user's address itself). */
export function proxiedThumbnail(address: string, size: number = THUMBNAIL_SIZE): string {
  return `${THUMBNAIL_IMAGE_PATH}?size=${size}&address=${encodeURIComponent(address)}`
}

/** Wide enough for the description panel on a high-density screen; the proxy never enlarges. */
export const DESCRIPTION_IMAGE_SIZE = 1024
/** The proxy's limit on the address (contract thumbnailImageQuery). */
const MAX_ADDRESS = 2048

/**
 * Where an image in a publisher's description (HTML from a feed or an
 * upload) may load from: an absolute http(s) address through the server's
 * image proxy, so a tracking pixel never learns who reads it. Anything else
 * (relative paths, which would resolve against this server, data:, other
 * schemes, addresses the proxy refuses as too long) is not loaded at all.
 */
export function descriptionImageUrl(src: string | null | undefined): string | undefined {
  let image = src?.trim() ?? ''
  if (image.startsWith('//')) image = `https:${image}`
  if (!REMOTE.test(image) || image.length > MAX_ADDRESS) return undefined
  return proxiedThumbnail(image, DESCRIPTION_IMAGE_SIZE)
}

/**
 * Where an article's thumbnail loads from (spec 000 s5), or undefined when
 * there is nothing to show and the card draws its placeholder:
 * - already under /storage/api/: used as is;
 * - another path starting with '/': a stored file, through /storage/api/jump;
 * - an http(s) address: through the thumbnail proxy, size 180;
 * - no thumbnail but a stored video ('/...'): a frame of it, /storage/api/thumbnail{video};
 * - anything else (YouTube 'youtube:ID' videos, other schemes, bare names): nothing.
 */
export function thumbnailUrl(thumbnail: string | null | undefined, video?: string | null): string | undefined {
  const image = thumbnail?.trim()
  if (image) {
    if (image.startsWith(STORAGE_API_PREFIX)) return image
    // Protocol-relative ('//host/x.jpg') is a remote address, not a stored path.
    if (image.startsWith('//')) return proxiedThumbnail(`https:${image}`)
    if (image.startsWith('/')) return STORAGE_JUMP_PREFIX + image
    if (REMOTE.test(image)) return proxiedThumbnail(image)
    // Any other value (another scheme, a bare name) cannot be loaded: treat it as missing.
  }
  const media = video?.trim()
  if (media && media.startsWith('/') && !media.startsWith('//')) return STORAGE_THUMBNAIL_PREFIX + media
  return undefined
}
