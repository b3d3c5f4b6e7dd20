import { countDue, FAMILIAR, MEMORIES_MSG, ratingFor, UNFAMILIAR, type Flashcard, type ReviewRating } from '@lingocast/contract'
import { strFromU8, unzipSync } from 'fflate'
import initSqlJs from 'sql.js'
import { BasicLearningStepsStrategy, createEmptyCard, fsrs, Rating, State, StrategyMode, type Card, type FSRS, type Grade } from 'ts-fsrs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'

/*
 * Learning steps through HTTP, on whichever database the suite
 * runs on: a card answered Again comes due again minutes later (the same
 * session), and leaves its steps as ts-fsrs says, replayed here on ts-fsrs
 * itself with the same answers at the same instants. The clock is moved with
 * fake Date only (no fake timers), so the answers come when the card is due.
 */

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'steps-alice@example.com')
  bob = await createTestUser(t.db.database, 'steps-bob@example.com')
})
afterAll(async () => t?.close())
afterEach(() => vi.useRealTimers())

const MINUTE = 60_000
const DAY = 86_400_000
const GRADE: Record<ReviewRating, Grade> = { Again: Rating.Again, Hard: Rating.Hard, Good: Rating.Good, Easy: Rating.Easy }

const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const createDeck = async (u: TestUser, name: string, extra: object = {}) => (await call(u, 'POST', '/english_vocab/memories/deck', { name, ...extra })).json().deck
const createCard = async (u: TestUser, deck_id: number, front: string) => (await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id, front, back: `${front} cue` })).json().flashcard as Flashcard
async function review(u: TestUser, flashcard_id: number, rating: ReviewRating, time_ms?: number): Promise<Flashcard> {
  const res = await call(u, 'POST', '/english_vocab/memories/review', { flashcard_id, rating, ...(time_ms === undefined ? {} : { time_ms }) })
  expect(res.statusCode).toBe(200)
  return res.json().updated_flashcard
}
const intervals = async (u: TestUser, id: number) => (await call(u, 'GET', `/english_vocab/memories/flashcard/${id}/intervals`)).json().intervals as Record<ReviewRating, number>

/** ts-fsrs configured from its own documentation: Anki's steps for four buttons; for two, one 10-minute step that only Again keeps a card in. */
function reference(buttons: 2 | 4): FSRS {
  if (buttons === 4) return fsrs({ enable_fuzz: false, enable_short_term: true, learning_steps: ['1m', '10m'], relearning_steps: ['10m'] })
  return fsrs({ enable_fuzz: false, enable_short_term: true, learning_steps: ['10m'], relearning_steps: ['10m'] }).useStrategy(StrategyMode.LEARNING_STEPS, (params, state, step) => {
    const all = BasicLearningStepsStrategy(params, state, step)
    return all[Rating.Again] ? { [Rating.Again]: all[Rating.Again] } : {}
  })
}

/** Sets the server's clock (Date only) to an instant. */
function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: at })
}

describe('learning steps, two buttons (the spec screen)', () => {
  it('brings a card answered Unfamiliar back 10 minutes later, the same day, and Familiar graduates it as ts-fsrs does', async () => {
    const deck = await createDeck(alice, 'Two buttons')
    expect(deck.answer_buttons).toBe(2)
    const card = await createCard(alice, deck.id, 'settle')
    const f = reference(2)
    let theirs: Card = createEmptyCard(new Date(Date.parse(card.created_at)))
    let ours = card
    const start = Math.max(Date.now(), Date.parse(card.created_at)) + 1000
    // Unfamiliar (Again), then Familiar when it comes back (Hard: the card's ef is now at or below 1.9), then a later lapse and its step.
    const answers: Array<[at: number, choice: typeof UNFAMILIAR | typeof FAMILIAR]> = [
      [start, UNFAMILIAR],
      [start + 10 * MINUTE, FAMILIAR],
    ]
    for (const [at, choice] of answers) {
      clockAt(at)
      const rating = ratingFor(choice, ours.ef)
      ours = await review(alice, card.id, rating)
      theirs = f.next(theirs, new Date(at), GRADE[rating]).card
      expect(ours.last_reviewed).toBe(new Date(at).toISOString())
      expect(ours.next_review).toBe(theirs.due.toISOString())
      if (choice === UNFAMILIAR) {
        // A 10-minute step: still due today, so it stays in today's session (and on the badge).
        expect(Date.parse(ours.next_review!) - at).toBe(10 * MINUTE)
        expect(theirs.state).toBe(State.Learning)
        expect(countDue([ours], new Date(at + 10 * MINUTE))).toBe(1)
        expect(ours.repetition).toBe(0)
      } else {
        expect(rating).toBe('Hard')
        expect(theirs.state).toBe(State.Review)
        expect(Date.parse(ours.next_review!) - at).toBeGreaterThanOrEqual(DAY)
        expect(ours.repetition).toBe(1)
      }
    }
    // A lapse on the graduated card: relearning, 10 minutes; Familiar graduates it again.
    const due = Date.parse(ours.next_review!)
    for (const [at, choice] of [
      [due, UNFAMILIAR],
      [due + 10 * MINUTE, FAMILIAR],
    ] as const) {
      clockAt(at)
      const rating = ratingFor(choice, ours.ef)
      ours = await review(alice, card.id, rating)
      theirs = f.next(theirs, new Date(at), GRADE[rating]).card
      expect(ours.next_review).toBe(theirs.due.toISOString())
      expect(theirs.state).toBe(choice === UNFAMILIAR ? State.Relearning : State.Review)
    }
    expect(theirs.lapses).toBe(1)
  })

  it('passes a new card answered Familiar straight to whole days', async () => {
    const deck = await createDeck(alice, 'Known words')
    const card = await createCard(alice, deck.id, 'serene')
    const at = Date.now() + 1000
    clockAt(at)
    const rated = await review(alice, card.id, ratingFor(FAMILIAR, card.ef))
    expect(Date.parse(rated.next_review!) - at).toBeGreaterThanOrEqual(DAY)
    expect(countDue([rated], new Date(at))).toBe(0)
  })

  it('gives an SM-2 deck the same 10-minute step after a fail', async () => {
    const deck = await createDeck(alice, 'Old school', { scheduler: 'sm2' })
    const card = await createCard(alice, deck.id, 'word')
    const at = Date.now() + 1000
    clockAt(at)
    const failed = await review(alice, card.id, 'Again')
    expect(Date.parse(failed.next_review!) - at).toBe(10 * MINUTE)
    clockAt(at + 10 * MINUTE)
    const passed = await review(alice, card.id, ratingFor(FAMILIAR, failed.ef))
    expect(Date.parse(passed.next_review!) - (at + 10 * MINUTE)).toBe(DAY)
  })
})

describe('four answer buttons (a deck setting)', () => {
  it('is set per deck, and then reviews with Anki\'s steps: the intervals shown are the ones given, as ts-fsrs computes them', async () => {
    const deck = await createDeck(alice, 'Anki style')
    const set = await call(alice, 'PUT', `/english_vocab/memories/deck/${deck.id}/settings`, { answer_buttons: 4 })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ success: true, deck: { ...deck, answer_buttons: 4 }, msg: 'ok' })
    expect((await call(alice, 'GET', `/english_vocab/memories/deck/${deck.id}/settings`)).json().deck.answer_buttons).toBe(4)
    expect((await call(alice, 'GET', '/english_vocab/memories/decks')).json().decks.find((d: { id: number }) => d.id === deck.id).answer_buttons).toBe(4)

    const card = await createCard(alice, deck.id, 'prudent')
    const f = reference(4)
    let theirs: Card = createEmptyCard(new Date(Date.parse(card.created_at)))
    let at = Math.max(Date.now(), Date.parse(card.created_at)) + 1000
    // Again (1m), Hard (repeats the step: 6m), Good (next step: 10m), Good (graduates), as in Anki.
    const expectedMinutes = [1, 6, 10]
    const ratings: ReviewRating[] = ['Again', 'Hard', 'Good', 'Good']
    for (const [k, rating] of ratings.entries()) {
      clockAt(at)
      const shown = await intervals(alice, card.id)
      const preview = f.repeat(theirs, new Date(at))
      for (const r of ['Again', 'Hard', 'Good', 'Easy'] as const) expect(shown[r]).toBe(Math.round((preview[GRADE[r]].card.due.getTime() - at) / 1000))
      const ours = await review(alice, card.id, rating)
      theirs = f.next(theirs, new Date(at), GRADE[rating]).card
      expect(ours.next_review).toBe(theirs.due.toISOString())
      expect(Date.parse(ours.next_review!) - at).toBe(shown[rating] * 1000)
      if (k < expectedMinutes.length) expect(Date.parse(ours.next_review!) - at).toBe(expectedMinutes[k]! * MINUTE)
      at = Date.parse(ours.next_review!)
    }
    expect(theirs.state).toBe(State.Review)
    expect(at - Date.parse(theirs.last_review!.toISOString())).toBeGreaterThanOrEqual(DAY)
  })

  it('is chosen at creation too, and refuses anything but 2 or 4', async () => {
    const deck = await createDeck(alice, 'Four from the start', { answer_buttons: 4 })
    expect(deck.answer_buttons).toBe(4)
    for (const answer_buttons of [3, 0, '4x', '0x4', null]) {
      const res = await call(alice, 'PUT', `/english_vocab/memories/deck/${deck.id}/settings`, { answer_buttons })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: MEMORIES_MSG.badAnswerButtons })
    }
    const back = await call(alice, 'PUT', `/english_vocab/memories/deck/${deck.id}/settings`, { answer_buttons: 2 })
    expect(back.json().deck.answer_buttons).toBe(2)
  })

  it("of another user's deck is neither visible nor changeable (404), and their card's intervals are not found", async () => {
    const deck = await createDeck(alice, 'Private settings')
    const card = await createCard(alice, deck.id, 'secret')
    const checks = [
      [await call(bob, 'GET', `/english_vocab/memories/deck/${deck.id}/settings`), MEMORIES_MSG.deckNotFound],
      [await call(bob, 'PUT', `/english_vocab/memories/deck/${deck.id}/settings`, { answer_buttons: 4 }), MEMORIES_MSG.deckNotFound],
      [await call(bob, 'GET', `/english_vocab/memories/flashcard/${card.id}/intervals`), MEMORIES_MSG.flashcardNotFound],
    ] as const
    for (const [res, msg] of checks) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg })
    }
    expect((await call(alice, 'GET', `/english_vocab/memories/deck/${deck.id}/settings`)).json().deck.answer_buttons).toBe(2)
    expect((await call(bob, 'GET', '/english_vocab/memories/decks')).json().decks).toEqual([])
  })
})

describe('answer time (beyond the spec)', () => {
  it('is recorded per answer and exported in the .apkg revlog, capped at Anki\'s 60 s, as sql.js reads the collection', async () => {
    const deck = await createDeck(alice, 'Timed')
    const card = await createCard(alice, deck.id, 'timed')
    const other = await createCard(alice, deck.id, 'untimed')
    const at = Date.now() + 1000
    clockAt(at)
    await review(alice, card.id, 'Again', 4_200)
    clockAt(at + 10 * MINUTE)
    await review(alice, card.id, 'Hard', 75_000)
    await review(alice, other.id, 'Good')
    vi.useRealTimers()
    // A time the contract does not take is refused, and the card stays as it was.
    const bad = await call(alice, 'POST', '/english_vocab/memories/review', { flashcard_id: other.id, rating: 'Good', time_ms: -5 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toBe(MEMORIES_MSG.badAnswerTime)

    const res = await call(alice, 'GET', `/english_vocab/memories/deck/${deck.id}/export.apkg`)
    expect(res.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    expect(strFromU8(files.media!)).toBe('{}')
    const SQL = await initSqlJs()
    const db = new SQL.Database(files['collection.anki2'])
    try {
      const rows = db.exec('SELECT r.time, r.ease, r.ivl, r.lastIvl, r.type, n.sfld FROM revlog r JOIN cards c ON c.id = r.cid JOIN notes n ON n.id = c.nid ORDER BY r.id')[0]!.values
      expect(rows.map(([time, ease, , , , front]) => [front, ease, time])).toEqual([
        ['timed', 1, 4_200],
        ['timed', 2, 60_000],
        ['untimed', 3, 0],
      ])
      // The step is written as Anki writes a learning interval: minus its seconds.
      expect(rows[0]!.slice(2, 5)).toEqual([-600, 0, 0])
      expect(rows[1]![3]).toBe(-600)
      expect(rows[1]![2]).toBeGreaterThanOrEqual(1)
      const [[conf]] = db.exec('SELECT dconf FROM col')[0]!.values as [[string]]
      const options = JSON.parse(conf)['1']
      expect(options.maxTaken).toBe(60)
      expect([options.new.delays, options.lapse.delays]).toEqual([[10], [10]])
    } finally {
      db.close()
    }
  })
})
