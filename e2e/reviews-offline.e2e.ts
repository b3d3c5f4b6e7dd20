import type { Flashcard } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionApi, startDemoSession, type DemoSession } from './session'

/*
 * Reviews offline in Chromium against the built console (run
 * `npm run build` first): the review screen keeps its deck's due cards and
 * their sentence audio on the device; an answer given with the network off
 * waits in the outbox, the screen says how many wait, and it reaches the
 * server once when the network is back, however often it is sent.
 */

// The demo's second sentence, "He was not an ill-disposed young man," (7.5 s to 10.49 s).
const SENTENCE = { start_ms: 7_500, end_ms: 10_490 }

let s: DemoSession
/** When the offline answer was given: between these two instants (this machine's clock, the browser's too). */
const answered = { after: 0, before: 0 }

const api = <T>(path: string, body?: object) => sessionApi<T>(s, path, body)
const deckCards = async (deckId: number) => (await api<{ flashcards: Flashcard[] }>(`/english_vocab/memories/flashcards?deck_id=${deckId}`)).flashcards
const cardOf = async (deckId: number, front: string) => (await deckCards(deckId)).find((c) => c.front === front)!
/** Reviews the server has logged today, from the statistics (every review is one row of its log). */
async function reviewsToday(): Promise<number> {
  const day = new Date().toISOString().slice(0, 10)
  return (await api<{ summary: { total_reviewed: number } }>(`/english_vocab/memories/stats?start_date=${day}&end_date=${day}&tz=UTC`)).summary.total_reviewed
}
const offlineLine = () => s.page.getByTestId('offline-reviews')
const counter = () => s.page.getByTestId('review-counter').textContent()
/** What the page keeps for this deck: its due cards' fronts and how many clips. */
const keptState = (deckId: number) =>
  s.page.evaluate(async (id) => {
    const fronts = await new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('lingocast-review-decks')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('decks')) return resolve([])
        const get = db.transaction('decks').objectStore('decks').getAll()
        get.onsuccess = () => resolve((get.result as Array<{ deckId: number; cards: Array<{ front: string }> }>).filter((d) => d.deckId === id).flatMap((d) => d.cards.map((c) => c.front)))
      }
    })
    const clips = (await (await caches.open('lingocast-card-audio')).keys()).length
    return { fronts, clips }
  }, deckId)
/** The learner's outbox entries as IndexedDB holds them. */
const outbox = () =>
  s.page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('lingocast-offline')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('outbox').objectStore('outbox').getAll()
          get.onsuccess = () => resolve(get.result)
        }
      }),
  )

beforeAll(async () => {
  s = await startDemoSession()
}, 120_000)
afterAll(async () => {
  await s?.browser.context.setOffline(false)
  await s?.stop()
})

describe('reviews offline, in Chromium', () => {
  let deckId: number

  it('keeps the due cards of the deck and their sentence audio when the review opens online', async () => {
    deckId = (await api<{ deck: { id: number } }>('/english_vocab/memories/deck', { name: 'On the train' })).deck.id
    await api('/english_vocab/memories/flashcard', { deck_id: deckId, front: 'linger', back: 'stay longer than needed' })
    await api('/english_vocab/memories/flashcard', { deck_id: deckId, front: 'young', back: 'young = not old', kind: 'listening', source: { article_id: s.hashId, ...SENTENCE } })
    await expect.poll(async () => (await cardOf(deckId, 'young')).audio?.status, { timeout: 20_000 }).toBe('ready')

    const page = s.page
    await page.goto(`${s.server.url}/console/`)
    // The service worker keeps the shell: a page it controls opens with the network off.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.goto(`${s.server.url}/console/memories/review?deck_id=${deckId}`)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await page.getByRole('article', { name: 'Flashcard' }).waitFor()
    await expect.poll(() => keptState(deckId), { timeout: 10_000 }).toEqual({ fronts: ['linger', 'young'], clips: 1 })
    expect(await offlineLine().count()).toBe(0)
  })

  it('records an answer given offline, says it waits, and keeps it through a reload with the network off', async () => {
    const page = s.page
    await s.browser.context.setOffline(true)
    await offlineLine().getByText('You are offline: answers are kept on this device.').waitFor()
    expect(await page.getByTestId('card-front').textContent()).toBe('linger')
    answered.after = Date.now()
    await page.getByRole('button', { name: 'Familiar' }).click()
    await offlineLine().getByText('1 review will be sent when you are online.').waitFor()
    answered.before = Date.now()
    expect(await counter()).toContain('1 reviewed · 1 remaining')
    // The server has not heard of it.
    expect((await cardOf(deckId, 'linger')).repetition).toBe(0)
    expect(await reviewsToday()).toBe(0)
    const [entry] = (await outbox()) as Array<{ kind: string; payload: { flashcard_id: number; rating: string } }>
    expect(entry).toMatchObject({ kind: 'review', payload: { flashcard_id: (await cardOf(deckId, 'linger')).id, rating: 'Good' } })

    // Opened again offline: the kept cards, less the one answered, the listening card with its kept sound.
    await page.reload()
    const card = page.getByRole('article', { name: 'Flashcard' })
    await card.getByTestId('listening-front').waitFor({ timeout: 15_000 })
    await offlineLine().getByText('1 review will be sent when you are online.').waitFor()
    expect(await counter()).toContain('0 reviewed · 1 remaining')
    const audio = card.getByTestId('card-audio')
    expect(await audio.getAttribute('src')).toMatch(/^blob:/)
    await card.getByRole('button', { name: 'Play the sentence' }).click()
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2)
    const duration = await audio.evaluate((el: HTMLAudioElement) => el.duration)
    expect(Math.abs(duration - (SENTENCE.end_ms - SENTENCE.start_ms) / 1000)).toBeLessThanOrEqual(0.3)
  })

  it('sends it when back online, once, and the waiting line goes away', async () => {
    const page = s.page
    const queued = await outbox()
    await s.browser.context.setOffline(false)
    await expect.poll(() => offlineLine().count(), { timeout: 20_000 }).toBe(0)
    const linger = await cardOf(deckId, 'linger')
    expect(linger.repetition).toBe(1)
    // Scheduled at the time it was given offline, not when it arrived.
    expect(Date.parse(linger.last_reviewed!)).toBeGreaterThanOrEqual(answered.after)
    expect(Date.parse(linger.last_reviewed!)).toBeLessThanOrEqual(answered.before)
    expect(await reviewsToday()).toBe(1)
    expect(await outbox()).toEqual([])

    // The same entry sent again (as if the tab had closed between the server's answer and forgetting it): applied once.
    await page.evaluate(
      (entries) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('lingocast-offline')
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite')
            for (const e of entries) tx.objectStore('outbox').put(e)
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }
        }),
      queued,
    )
    await page.reload()
    await page.getByRole('article', { name: 'Flashcard' }).waitFor()
    await expect.poll(() => outbox(), { timeout: 20_000 }).toEqual([])
    await expect.poll(() => offlineLine().count()).toBe(0)
    expect(await cardOf(deckId, 'linger')).toEqual(linger)
    expect(await reviewsToday()).toBe(1)
  })
})
