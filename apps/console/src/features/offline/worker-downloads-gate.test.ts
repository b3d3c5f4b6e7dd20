import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCOUNT_CACHE, ACCOUNT_ENTRY } from '../../lib/session-account'
import { DOWNLOADS_OWNER_ENTRY } from './media-cache'
import { workerDownloadsGate } from './worker-downloads-gate'

const A = '0b7c2d0e-6a57-4f3e-9d59-3c1b2a4f5e60'
const B = '5f1e9a3c-2b4d-4c6e-8a0b-7d9c1e3f5a70'

/** The service worker's view of the marks the console keeps in Cache Storage: who is signed in, whose media is stored. */
function marks(signedIn: string | undefined, owner: string | undefined) {
  const entries = new Map<string, string>()
  if (signedIn) entries.set(ACCOUNT_ENTRY, signedIn)
  if (owner) entries.set(DOWNLOADS_OWNER_ENTRY, owner)
  vi.stubGlobal('caches', {
    open: async (name: string) => ({
      match: async (key: string) => {
        const value = name === ACCOUNT_CACHE ? entries.get(key) : undefined
        return value === undefined ? undefined : new Response(value)
      },
    }),
  })
}

// As Workbox puts it into sw.js: the function's own text, with nothing from this module around it.
const gate = new Function(`return (${workerDownloadsGate.cachedResponseWillBeUsed.toString()})`)() as typeof workerDownloadsGate.cachedResponseWillBeUsed
const stored = () => new Response('the episode', { status: 206 })

afterEach(() => vi.unstubAllGlobals())

describe('the service worker answering a media request from the downloads', () => {
  it('answers with the stored copy while the account whose downloads they are is signed in', async () => {
    marks(A, A)
    expect(await (await gate({ cachedResponse: stored() }))?.text()).toBe('the episode')
  })

  it('answers nothing from them for another account, or when nobody is signed in', async () => {
    marks(B, A)
    expect(await gate({ cachedResponse: stored() })).toBeNull()
    marks(undefined, A)
    expect(await gate({ cachedResponse: stored() })).toBeNull()
    // Media stored by a console from before accounts, not yet claimed by anyone.
    marks(A, undefined)
    expect(await gate({ cachedResponse: stored() })).toBeNull()
  })
})
