import { PROXY_MEDIA_PATH } from '@lingocast/contract'

/** The src of <audio>/<video>: the media proxy, which streams with Range and reads the Token cookie. */
export function proxiedMediaUrl(address: string): string {
  return `${PROXY_MEDIA_PATH}?resource_addr=${encodeURIComponent(address)}`
}
