import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import type { Flashcard } from '@lingocast/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client'
import { memoryStorage } from '../../lib/local-storage'
import { bindAccount, legacyNameFor, unbindAccount } from '../../lib/session-account'
import { keepDeck, keptDeck } from '../memories/offline-deck'
import { saveReview } from '../memories/offline-review'
import { LAST_DECK_KEY } from '../memories/selected-deck'
import '../../app/shell/account-traces'
import { markWords } from '../vocabulary/api'
import { orDownloaded } from './fallback'
import './forget-downloads'
import { enqueue, flushOutbox, pendingEntries, rejectedEntries, whenOutboxIdle } from './outbox'
import { LAST_ACCOUNT_KEY, resetSettled, settleAccount } from './owner-data'
import { allDownloads, listDownloads, putDownload, type DownloadRecord } from './store'

/*
 * Two accounts on one browser (decision 0016's stores, keyed by account):
 * alice@one.example and alice@two.example are both "alice" by name; the
 * first's session ends without Sign out, the second signs in.
 */

/** Requests as the "server" got them, with the token each carried. */
let received: Array<{ url: string; token: string | undefined; body: Record<string, unknown> }> = []
let down = false
let storage: ReturnType<typeof memoryStorage>

beforeEach(async () => {
  await whenOutboxIdle()
  resetSettled()
  received = []
  down = false
  storage = memoryStorage()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('document', { cookie: '' })
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (down) throw new TypeError('Failed to fetch')
    const auth = (init.headers as Record<string, string>).authorization
    received.push({ url, token: auth?.replace(/^Bearer /, ''), body: JSON.parse(String(init.body)) as Record<string, unknown> })
    if (url.endsWith('/review')) return Response.json({ success: true, updated_flashcard: card(Number(JSON.parse(String(init.body)).flashcard_id)), msg: 'ok' })
    return Response.json({ success: true, changed: [], msg: 'ok' })
  })
})
afterEach(() => vi.unstubAllGlobals())

/** The session in the cookies: `token`, the username cookie "alice" whoever it is, and the account the server named. */
function signedIn(token: string, account: string | undefined) {
  vi.stubGlobal('document', { cookie: `Token=${token}; username=alice` })
  if (account) bindAccount(token, account)
  else unbindAccount()
}

const card = (id: number): Flashcard => ({
  id, deck_id: 7, front: `w${id}`, back: 'b', ef: 2.5, repetition: 0, next_review: null, last_reviewed: null,
  created_at: '2026-11-01T00:00:00.000Z', kind: 'standard', audio: null,
})

const download = (owner: string, id: string): DownloadRecord => ({
  key: `${owner}|${id}`, owner, id, kind: 'article', title: `Episode ${id}`, address: 'https://x.test/a.mp3',
  mediaUrl: '/media-proxy/proxy_media?resource_addr=https%3A%2F%2Fx.test%2Fa.mp3', bytes: 1000, savedAt: Date.now(), segments: [], lookups: {},
})

/** What a screen reads offline: the signed-in account's download of `id`, if any. */
const openOffline = (id: string) => orDownloaded(() => Promise.reject(new ApiError(0, undefined)), (records) => records.find((r) => r.id === id))

describe('another account signing in on the same browser', () => {
  it('never gets the first account\'s queued changes, downloads or kept decks, and the first gets its changes sent when it is back', async () => {
    const first = randomUUID()
    const second = randomUUID()
    signedIn('token-1', first)
    down = true
    vi.stubGlobal('navigator', { onLine: false })
    expect(await markWords(['ubiquitous'], 'known')).toMatchObject({ queued: true })
    expect(await saveReview(first, { flashcard_id: 3, deck_id: 7, rating: 'Good' }, false)).toEqual({ queued: true })
    await putDownload(download(first, 'HASH1'))
    await keepDeck(first, 7, 2, [card(3)])
    expect(await openOffline('HASH1')).toMatchObject({ owner: first })

    // The first session ends without Sign out (its token expired); the second alice signs in.
    signedIn('token-2', second)
    down = false
    vi.stubGlobal('navigator', { onLine: true })
    await whenOutboxIdle()
    // Nothing of the first is the second's, even before anything is cleared.
    expect(await pendingEntries(second)).toEqual([])
    expect(await rejectedEntries(second)).toEqual([])
    expect(await listDownloads(second)).toEqual([])
    await expect(openOffline('HASH1')).rejects.toMatchObject({ status: 0 })
    expect(await keptDeck(second, 7)).toBeUndefined()
    // Its queue is never sent with the second's token: it waits.
    expect(await flushOutbox(first)).toEqual({ sent: 0, rejected: 0, left: 2 })
    expect(received).toEqual([])

    await settleAccount(second)
    expect(await allDownloads()).toEqual([])
    expect(await keptDeck(first, 7)).toBeUndefined()
    expect(await pendingEntries(first)).toHaveLength(2)
    expect(await flushOutbox(second)).toEqual({ sent: 0, rejected: 0, left: 0 })
    expect(received).toEqual([])

    // The first signs in again: its own changes go into its own account, with its new session.
    signedIn('token-3', first)
    await settleAccount(first)
    expect(await flushOutbox(first)).toEqual({ sent: 2, rejected: 0, left: 0 })
    expect(received.map((r) => [r.url, r.token])).toEqual([
      ['/english_vocab/api/words/status', 'token-3'],
      ['/english_vocab/memories/review', 'token-3'],
    ])
    expect(received[0]!.body).toMatchObject({ words: ['ubiquitous'], status: 'known', changed_at: expect.any(String) })
    expect(received[1]!.body).toMatchObject({ flashcard_id: 3, rating: 'Good', review_id: expect.any(String), answered_at: expect.any(String) })
  })

  it('queues nothing for a session whose account is not known yet, rather than guess whose it is', async () => {
    signedIn('token-of-an-older-console', undefined)
    down = true
    await expect(markWords(['county'], 'known')).rejects.toMatchObject({ status: 0 })
  })

  it("clears the previous account's player positions, chats and chosen deck, not this device's settings", async () => {
    const first = randomUUID()
    const second = randomUUID()
    storage.setItem(LAST_ACCOUNT_KEY, first)
    storage.setItem('audioPlayerPosition_https://x.test/a.mp3', '42.5')
    storage.setItem('videoPlayerPosition_youtube:abc', '12')
    storage.setItem(LAST_DECK_KEY, '7')
    storage.setItem('chat_history_AbC123', '[{"role":"user","content":"What does amiable mean?"}]')
    storage.setItem('player_speed_setting', '1.25')
    signedIn('token-1', first)
    await settleAccount(first)
    expect(storage.getItem('audioPlayerPosition_https://x.test/a.mp3')).toBe('42.5')

    signedIn('token-2', second)
    await settleAccount(second)
    const left = storage.dump()
    expect(Object.keys(left).filter((k) => k.includes('PlayerPosition_') || k.startsWith('chat_history_'))).toEqual([])
    expect(left[LAST_DECK_KEY]).toBeUndefined()
    expect(left.player_speed_setting).toBe('1.25')
    expect(left[LAST_ACCOUNT_KEY]).toBe(second)
  })
})

describe('data an older console kept under a username', () => {
  it('goes to the session that was open with that name, once; every other such record is deleted', async () => {
    const account = randomUUID()
    await enqueue('alice', 'word-status', { words: ['geese'], status: 'known' })
    await enqueue('bob', 'word-status', { words: ['fields'], status: 'known' })
    await putDownload(download('alice', 'HASH2'))
    await putDownload(download('bob', 'HASH3'))
    await whenOutboxIdle()

    signedIn('token-1', undefined)
    bindAccount('token-1', account, { adopt: 'alice' })
    await settleAccount(account)
    expect((await pendingEntries(account)).map((e) => e.payload)).toEqual([{ words: ['geese'], status: 'known' }])
    expect(await pendingEntries('alice')).toEqual([])
    expect(await pendingEntries('bob')).toEqual([])
    expect((await allDownloads()).map((r) => [r.key, r.owner])).toEqual([[`${account}|HASH2`, account]])
    expect(legacyNameFor(account)).toBeUndefined()
  })
})
