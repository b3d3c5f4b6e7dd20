import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_CACHE, ACCOUNT_ENTRY } from '../../lib/session-account'
import { mediaKey } from './media-cache'
import { workerAccountKey } from './worker-account-key'

const A = '0b7c2d0e-6a57-4f3e-9d59-3c1b2a4f5e60'
const B = '5f1e9a3c-2b4d-4c6e-8a0b-7d9c1e3f5a70'
const PROXIED = '/media-proxy/proxy_media?resource_addr=https%3A%2F%2Fcdn.example%2Fep%201.mp3'

/** The service worker's view of Cache Storage: the account the console marked signed in, if any. */
function markedAccount(account: string | undefined) {
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      match: async (key: string) => (name === ACCOUNT_CACHE && key === ACCOUNT_ENTRY && account ? new Response(account) : undefined),
    }),
  })
}

// As Workbox puts it into sw.js: the function's own text, with nothing from this module around it.
const asCopiedIntoTheWorker = new Function(`return (${workerAccountKey.cacheKeyWillBeUsed.toString()})`)() as typeof workerAccountKey.cacheKeyWillBeUsed

afterEach(() => vi.unstubAllGlobals())

describe("the worker's key of a media request", () => {
  const request = () => new Request(`http://lingocast.local${PROXIED}`, { headers: { range: 'bytes=100-' } })

  it("is the key the signed-in account's download was stored under, with the request's Range", async () => {
    vi.stubGlobal('location', { href: 'http://lingocast.local/console/player/audio/x' })
    markedAccount(A)
    const key = await asCopiedIntoTheWorker({ request: request() })
    expect(key.url).toBe(mediaKey(PROXIED, A))
    expect(key.headers.get('range')).toBe('bytes=100-')
  })

  it("never finds another account's copy, nor any copy when nobody is signed in", async () => {
    vi.stubGlobal('location', { href: 'http://lingocast.local/console/' })
    markedAccount(B)
    const other = await asCopiedIntoTheWorker({ request: request() })
    expect(other.url).not.toBe(mediaKey(PROXIED, A))
    expect(other.url).toBe(mediaKey(PROXIED, B))
    markedAccount(undefined)
    const nobody = await asCopiedIntoTheWorker({ request: request() })
    expect([mediaKey(PROXIED, A), mediaKey(PROXIED, B)]).not.toContain(nobody.url)
  })
})
