import { MEMORIES_MSG, type Flashcard, type ReviewRating } from '@lingocast/contract'
import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createMemoriesRepo } from './memories.repo'

/*
 * Reviews made offline, through HTTP on whichever database the
 * suite runs on: the review call may carry the answer's id and time; an id
 * is applied once, an answer is scheduled at its own time, and an answer
 * given before the card's last one is put in its place, not on top.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'offline-alice@example.com')
  bob = await createTestUser(t.db.database, 'offline-bob@example.com')
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

const MINUTE = 60_000
const DAY = 86_400_000
const call = (u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const createDeck = async (u: TestUser, name: string) => (await call(u, 'POST', '/english_vocab/memories/deck', { name })).json().deck
const createCard = async (u: TestUser, deck_id: number, front: string) => (await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id, front, back: `${front} cue` })).json().flashcard as Flashcard
const cards = async (u: TestUser, deckId: number) => (await call(u, 'GET', `/english_vocab/memories/flashcards?deck_id=${deckId}`)).json().flashcards as Flashcard[]
const post = (u: TestUser, body: { flashcard_id: number; rating: ReviewRating; review_id?: string; answered_at?: string; time_ms?: number }) => call(u, 'POST', '/english_vocab/memories/review', body)
const log = (u: TestUser, id: number) => createMemoriesRepo(t.db.database.db).reviewLog(u.id, id)
const clockAt = (at: number) => vi.useFakeTimers({ toFake: ['Date'], now: at })
/** The schedule a learner sees on a card, without what tells two cards apart. */
const schedule = (c: Flashcard) => ({ ef: c.ef, repetition: c.repetition, next_review: c.next_review, last_reviewed: c.last_reviewed })

describe('a review made offline', () => {
  it('is scheduled at the time it was answered, and sent again it changes nothing', async () => {
    const deck = await createDeck(alice, 'Offline')
    const card = await createCard(alice, deck.id, 'linger')
    const answered = new Date(Date.now() - 3 * 60 * MINUTE).toISOString()
    const body = { flashcard_id: card.id, rating: 'Good' as const, review_id: randomUUID(), answered_at: answered, time_ms: 2_500 }

    const first = await post(alice, body)
    expect(first.statusCode).toBe(200)
    const saved = first.json().updated_flashcard as Flashcard
    expect(saved).toMatchObject({ repetition: 1, last_reviewed: answered })
    // Good on a new card: whole days from the time it was answered, not from when it arrived.
    expect(Date.parse(saved.next_review!) - Date.parse(answered)).toBeGreaterThanOrEqual(DAY)
    expect((await log(alice, card.id)).map((r) => [r.rating, r.reviewedAt.toISOString(), r.timeMs, r.reviewId])).toEqual([['Good', answered, 2_500, body.review_id]])

    // The outbox sent it again (its answer was lost on the way back): the card as it is, nothing added.
    for (const again of [body, { ...body, review_id: body.review_id.toUpperCase(), rating: 'Again' as const, answered_at: new Date().toISOString() }]) {
      const res = await post(alice, again)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, updated_flashcard: saved, msg: 'ok' })
    }
    expect(await log(alice, card.id)).toHaveLength(1)
    expect((await cards(alice, deck.id))[0]).toEqual(saved)
  })

  it('is applied once when the same answer arrives several times at once', async () => {
    const deck = await createDeck(alice, 'Race')
    const card = await createCard(alice, deck.id, 'race')
    const body = { flashcard_id: card.id, rating: 'Good' as const, review_id: randomUUID(), answered_at: new Date(Date.now() - MINUTE).toISOString() }
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(alice, body)))
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(new Set(answers.map((r) => JSON.stringify(r.json().updated_flashcard))).size).toBe(1)
    expect(await log(alice, card.id)).toHaveLength(1)
    expect((await cards(alice, deck.id))[0]!.repetition).toBe(1)
  })

  it('keeps the spec request as it was: without an id or a time it is now, and every call counts', async () => {
    const deck = await createDeck(alice, 'Plain')
    const card = await createCard(alice, deck.id, 'plain')
    const before = Date.now()
    await post(alice, { flashcard_id: card.id, rating: 'Again' })
    const res = await post(alice, { flashcard_id: card.id, rating: 'Good' })
    expect(res.statusCode).toBe(200)
    expect(Date.parse(res.json().updated_flashcard.last_reviewed)).toBeGreaterThanOrEqual(before)
    expect((await log(alice, card.id)).map((r) => [r.rating, r.reviewId])).toEqual([
      ['Again', null],
      ['Good', null],
    ])
  })

  it('refuses a malformed id or time, a time in the future or over 30 days old, with a clear message, and saves nothing', async () => {
    const deck = await createDeck(alice, 'Refused')
    const card = await createCard(alice, deck.id, 'refused')
    const now = Date.now()
    const cases: Array<[object, string]> = [
      [{ review_id: 'not-a-uuid' }, MEMORIES_MSG.badReviewId],
      [{ review_id: 42 }, MEMORIES_MSG.badReviewId],
      [{ answered_at: 'yesterday' }, MEMORIES_MSG.badAnsweredAt],
      [{ answered_at: '2026-11-26' }, MEMORIES_MSG.badAnsweredAt],
      [{ answered_at: new Date(now + 60 * MINUTE).toISOString() }, MEMORIES_MSG.answeredInFuture],
      [{ answered_at: new Date(now - 31 * DAY).toISOString() }, MEMORIES_MSG.answeredTooLongAgo],
    ]
    for (const [extra, msg] of cases) {
      const res = await post(alice, { flashcard_id: card.id, rating: 'Good', review_id: randomUUID(), ...extra })
      expect(res.statusCode, msg).toBe(400)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect(await log(alice, card.id)).toEqual([])
    expect((await cards(alice, deck.id))[0]).toEqual(card)

    // A device clock a little ahead counts as now; a time with an offset is read as the instant it names.
    const ahead = await post(alice, { flashcard_id: card.id, rating: 'Good', review_id: randomUUID(), answered_at: new Date(Date.now() + 2 * MINUTE).toISOString() })
    expect(ahead.statusCode).toBe(200)
    expect(Date.parse(ahead.json().updated_flashcard.last_reviewed)).toBeLessThanOrEqual(Date.now())
    const other = await createCard(alice, deck.id, 'offset')
    const utc = new Date(Math.floor((Date.now() - 2 * DAY) / 1000) * 1000)
    const wall = new Date(utc.getTime() + 2 * 60 * MINUTE).toISOString().slice(0, 19)
    const withOffset = await post(alice, { flashcard_id: other.id, rating: 'Good', answered_at: `${wall}+02:00` })
    expect(withOffset.json().updated_flashcard.last_reviewed).toBe(utc.toISOString())
  })

  it('refuses an id already used for another card (409), and neither card changes', async () => {
    const deck = await createDeck(alice, 'Reused')
    const [one, two] = [await createCard(alice, deck.id, 'one'), await createCard(alice, deck.id, 'two')]
    const review_id = randomUUID()
    expect((await post(alice, { flashcard_id: one.id, rating: 'Good', review_id })).statusCode).toBe(200)
    const reused = await post(alice, { flashcard_id: two.id, rating: 'Good', review_id })
    expect(reused.statusCode).toBe(409)
    expect(reused.json()).toEqual({ success: false, msg: MEMORIES_MSG.reviewIdReused })
    expect(await log(alice, two.id)).toEqual([])
    expect((await cards(alice, deck.id)).find((c) => c.id === two.id)).toEqual(two)
  })
})

describe('two devices reviewing one card offline', () => {
  it('end as if the answers had been given in order: the later answer on top of the earlier one, whichever arrives first', async () => {
    const deck = await createDeck(alice, 'Two devices')
    const t0 = Date.now() - 5 * DAY
    clockAt(t0)
    // `inOrder` gets the same answers at the same times, online, in the order they were given.
    const [card, inOrder] = [await createCard(alice, deck.id, 'phone and laptop'), await createCard(alice, deck.id, 'reference')]
    const phoneAt = new Date(t0 + DAY).toISOString()
    const laptopAt = new Date(t0 + 2 * DAY).toISOString()

    clockAt(t0 + DAY)
    await post(alice, { flashcard_id: inOrder.id, rating: 'Good' })
    clockAt(t0 + 2 * DAY)
    const expected = (await post(alice, { flashcard_id: inOrder.id, rating: 'Again' })).json().updated_flashcard as Flashcard

    // The laptop's later Again is sent first, online; the phone's earlier Good comes when the phone is back online.
    await post(alice, { flashcard_id: card.id, rating: 'Again', review_id: randomUUID(), answered_at: laptopAt })
    clockAt(t0 + 4 * DAY)
    const phoneId = randomUUID()
    const res = await post(alice, { flashcard_id: card.id, rating: 'Good', review_id: phoneId, answered_at: phoneAt })
    expect(res.statusCode).toBe(200)
    const merged = res.json().updated_flashcard as Flashcard
    expect(schedule(merged)).toEqual(schedule(expected))
    // Not the Good put on top of the Again (which would have graduated the card to days).
    expect(merged.repetition).toBe(0)
    expect(merged.last_reviewed).toBe(laptopAt)

    // The log reads in the order given, each answer starting where the one before it ended (what the .apkg revlog carries).
    const rows = await log(alice, card.id)
    const byTime = [...rows].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
    expect(byTime.map((r) => [r.rating, r.reviewedAt.toISOString()])).toEqual([
      ['Good', phoneAt],
      ['Again', laptopAt],
    ])
    expect(byTime[1]!.previous).toEqual(byTime[0]!.next)
    const reference = await log(alice, inOrder.id)
    expect(byTime.map((r) => r.next)).toEqual(reference.map((r) => r.next))

    // The phone's outbox sends it again: nothing moves.
    clockAt(t0 + 4 * DAY + MINUTE)
    const again = await post(alice, { flashcard_id: card.id, rating: 'Good', review_id: phoneId, answered_at: phoneAt })
    expect(again.json().updated_flashcard).toEqual(merged)
    expect(await log(alice, card.id)).toHaveLength(2)
  })
})

describe("another user's card", () => {
  it('is not found with or without an id, and nothing of theirs is shown or changed; ids are per user', async () => {
    const deck = await createDeck(alice, 'Private')
    const card = await createCard(alice, deck.id, 'private')
    const aliceId = randomUUID()
    const saved = (await post(alice, { flashcard_id: card.id, rating: 'Good', review_id: aliceId })).json().updated_flashcard as Flashcard
    const aliceLog = await log(alice, card.id)

    for (const review_id of [aliceId, randomUUID()]) {
      const res = await post(bob, { flashcard_id: card.id, rating: 'Again', review_id, answered_at: new Date(Date.now() - DAY).toISOString() })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: MEMORIES_MSG.flashcardNotFound })
    }
    // Bob's own card with Alice's id: applied to Bob's card (his ids are his own); Alice's is as it was.
    const bobDeck = await createDeck(bob, 'Bob')
    const bobCard = await createCard(bob, bobDeck.id, 'bob')
    const bobs = await post(bob, { flashcard_id: bobCard.id, rating: 'Again', review_id: aliceId })
    expect(bobs.statusCode).toBe(200)
    expect(bobs.json().updated_flashcard).toMatchObject({ id: bobCard.id, repetition: 0 })
    expect(bobs.json().updated_flashcard.last_reviewed).not.toBeNull()
    expect((await cards(alice, deck.id))[0]).toEqual(saved)
    expect(await log(alice, card.id)).toEqual(aliceLog)
    expect(await log(bob, card.id)).toEqual([])
  })
})
