import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import type { Flashcard } from '@lingocast/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { closeOfflineDb } from '../offline/offline-db'
import { flushOutbox, pendingEntries, whenOutboxIdle } from '../offline/outbox'
import { forgetOfflineData } from '../offline/owner-data'
import { memoryStorage } from '../../lib/local-storage'
import { bindAccount } from '../../lib/session-account'
import { keepDeck, keptDeck } from './offline-deck'
import { REVIEW_KIND, saveReview, waitingReviewsQuery } from './offline-review'

/*
 * Reviews offline on the console's side (decision 0015), against a stand-in for
 * the network (fetch): what the review call carries when an answer waited in
 * the outbox, and when it could not be told it arrived.
 */

const card = (id: number, nextReview: string | null): Flashcard => ({
  id, deck_id: 7, front: `w${id}`, back: 'b', ef: 2.5, repetition: 0, next_review: nextReview, last_reviewed: null,
  created_at: '2026-11-01T00:00:00.000Z', kind: 'standard', audio: null,
})

/** Review calls as the server received them; `down` makes every call fail as with no network, `refuse` answers 400. */
let received: Array<Record<string, unknown>> = []
let down = false
let refuse: string | undefined

beforeEach(async () => {
  await whenOutboxIdle()
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
  received = []
  down = false
  refuse = undefined
  vi.stubGlobal('document', { cookie: 'Token=t; username=ann' })
  // The session's token belongs to the account the answers are queued for: queued changes go only in its session.
  vi.stubGlobal('localStorage', memoryStorage())
  bindAccount('t', 'ann')
  vi.stubGlobal('navigator', { onLine: true })
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/english_vocab/memories/review')
    const body = JSON.parse(String(init.body)) as Record<string, unknown>
    received.push(body)
    if (down) throw new TypeError('Failed to fetch')
    if (refuse) return new Response(JSON.stringify({ success: false, msg: refuse }), { status: 400 })
    return new Response(JSON.stringify({ success: true, updated_flashcard: { ...card(Number(body.flashcard_id), null), repetition: 1 }, msg: 'ok' }))
  })
})
afterEach(() => vi.unstubAllGlobals())

const payload = { flashcard_id: 3, deck_id: 7, rating: 'Good' as const, time_ms: 1_200 }

describe('saving an answer', () => {
  it('offline: waits in the outbox and is sent later with the entry id as review_id and its own time as answered_at', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    expect(await saveReview('ann', payload, false)).toEqual({ queued: true })
    expect(received).toEqual([])
    const [entry] = await pendingEntries('ann', REVIEW_KIND)
    vi.stubGlobal('navigator', { onLine: true })
    expect(await flushOutbox('ann')).toEqual({ sent: 1, rejected: 0, left: 0 })
    expect(received).toEqual([{ flashcard_id: 3, rating: 'Good', time_ms: 1_200, review_id: entry!.id, answered_at: new Date(entry!.madeAt).toISOString() }])
    expect(await pendingEntries('ann')).toEqual([])
  })

  it('online: sent at once with an id and no time (the server\'s clock is the one that counts), answering with the saved card', async () => {
    const saved = await saveReview('ann', payload, true)
    expect(saved).toMatchObject({ queued: false, card: { id: 3, repetition: 1 } })
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ flashcard_id: 3, rating: 'Good', time_ms: 1_200 })
    expect(received[0]!.review_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(received[0]).not.toHaveProperty('answered_at')
  })

  it('online but unanswered: queued with the id already sent, so a send that did arrive is not applied twice', async () => {
    down = true
    expect(await saveReview('ann', payload, true)).toEqual({ queued: true })
    await whenOutboxIdle()
    down = false
    await flushOutbox('ann')
    expect(received.length).toBeGreaterThanOrEqual(2)
    expect(new Set(received.map((r) => r.review_id)).size).toBe(1)
    expect(received.at(-1)!.answered_at).toEqual(expect.any(String))
    expect(await pendingEntries('ann')).toEqual([])
  })

  it('refused by the server: thrown (the screen logs it), nothing queued', async () => {
    refuse = 'Flashcard not found'
    await expect(saveReview('ann', payload, true)).rejects.toMatchObject({ status: 400, msg: 'Flashcard not found' })
    expect(await pendingEntries('ann')).toEqual([])
  })

  it("counts one deck's waiting answers of one learner", async () => {
    vi.stubGlobal('navigator', { onLine: false })
    await saveReview('ann', payload, false)
    await saveReview('ann', { ...payload, flashcard_id: 4 }, false)
    await saveReview('ann', { ...payload, deck_id: 8 }, false)
    await saveReview('bob', payload, false)
    const waiting = await waitingReviewsQuery('ann', 7).queryFn!({} as never)
    expect(waiting.map((e) => e.payload.flashcard_id)).toEqual([3, 4])
  })
})

describe('the kept deck', () => {
  it('keeps only the cards due today, per learner, and forgets them at sign-out', async () => {
    const now = new Date('2026-11-26T12:00:00')
    const cards = [card(1, '2026-11-25T08:00:00.000Z'), card(2, '2026-12-30T08:00:00.000Z'), card(3, null), card(4, '2026-11-26T09:00:00')]
    await keepDeck('ann', 7, 4, cards, now)
    expect(await keptDeck('ann', 7)).toMatchObject({ answerButtons: 4, keptAt: now.getTime(), cards: [{ id: 1 }, { id: 4 }] })
    expect(await keptDeck('bob', 7)).toBeUndefined()
    await keepDeck('bob', 7, 2, cards.slice(0, 1), now)
    // Signing out (the sidebar's sign-out forgets the learner's offline data).
    await forgetOfflineData('ann')
    expect(await keptDeck('ann', 7)).toBeUndefined()
    expect((await keptDeck('bob', 7))?.cards.map((c) => c.id)).toEqual([1])
  })
})
