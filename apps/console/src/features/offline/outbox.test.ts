import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { closeOfflineDb } from './offline-db'
import { clearOwner, enqueue, flushOutbox, pendingEntries, registerSender, rejectedEntries, sendOrQueue, whenOutboxIdle, type OutboxEntry } from './outbox'

/** What reached the "server", and how it answers the next sends: undefined = ok, else the error thrown. */
let received: OutboxEntry<{ n: number }>[] = []
let answers: (ApiError | undefined)[] = []
/** While true, every send gets no answer (the network is down). */
let down = false

registerSender<{ n: number }>('test', {
  async send(entry) {
    if (down) throw new ApiError(0, undefined)
    const answer = answers.shift()
    if (answer) throw answer
    received.push(entry)
  },
})

beforeEach(async () => {
  await whenOutboxIdle()
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
  received = []
  answers = []
  down = false
})

/** Queues without the automatic flush racing the test's own: the network is "down" while queueing. */
async function queue(owner: string, n: number, coalesceKey?: string) {
  answers.push(new ApiError(0, undefined))
  await enqueue(owner, 'test', { n }, { coalesceKey })
  await flushOutbox(owner)
}

describe('the outbox', () => {
  it('sends queued changes in the order they were made, each with its id and time, then forgets them', async () => {
    await queue('ann', 1)
    await queue('ann', 2)
    await queue('ann', 3)
    expect(await pendingEntries('ann')).toHaveLength(3)
    const result = await flushOutbox('ann')
    expect(result).toEqual({ sent: 3, rejected: 0, left: 0 })
    expect(received.map((e) => e.payload.n)).toEqual([1, 2, 3])
    expect(new Set(received.map((e) => e.id)).size).toBe(3)
    expect(received.every((e) => e.madeAt > 0 && e.owner === 'ann')).toBe(true)
    expect(await pendingEntries('ann')).toEqual([])
  })

  it('keeps the order when the server goes away midway: what follows waits behind the unsent one', async () => {
    await queue('ann', 1)
    await queue('ann', 2)
    await queue('ann', 3)
    answers = [undefined, new ApiError(503, undefined)]
    expect(await flushOutbox('ann')).toEqual({ sent: 1, rejected: 0, left: 2 })
    expect(await flushOutbox('ann')).toEqual({ sent: 2, rejected: 0, left: 0 })
    expect(received.map((e) => e.payload.n)).toEqual([1, 2, 3])
  })

  it('moves a change the server refuses to the rejected list with its message, and sends the rest', async () => {
    await queue('ann', 1)
    await queue('ann', 2)
    answers = [new ApiError(400, 'Flashcard not found')]
    expect(await flushOutbox('ann')).toEqual({ sent: 1, rejected: 1, left: 0 })
    expect(received.map((e) => e.payload.n)).toEqual([2])
    const rejected = await rejectedEntries('ann')
    expect(rejected.map((e) => [e.payload, e.message])).toEqual([[{ n: 1 }, 'Flashcard not found']])
  })

  it('waits on a session to renew (401) instead of giving the change up', async () => {
    await queue('ann', 1)
    answers = [new ApiError(401, 'Invalid token')]
    expect(await flushOutbox('ann')).toEqual({ sent: 0, rejected: 0, left: 1 })
    expect(await rejectedEntries('ann')).toEqual([])
  })

  it('replaces an unsent change by a newer one with the same key, and keeps changes with other keys', async () => {
    await queue('ann', 1, 'notes:a')
    await queue('ann', 2, 'notes:b')
    await queue('ann', 3, 'notes:a')
    await flushOutbox('ann')
    expect(received.map((e) => e.payload.n)).toEqual([2, 3])
  })

  it("keeps each learner's changes apart: a flush sends only its owner's, a sign-out clears only its owner's", async () => {
    await queue('ann', 1)
    await queue('bob', 2)
    await flushOutbox('bob')
    expect(received.map((e) => [e.owner, e.payload.n])).toEqual([['bob', 2]])
    await queue('bob', 3)
    await clearOwner('ann')
    expect(await pendingEntries('ann')).toEqual([])
    expect((await pendingEntries('bob')).map((e) => e.payload)).toEqual([{ n: 3 }])
  })

  it('does not send an entry twice when flushes overlap', async () => {
    for (let n = 1; n <= 5; n++) await queue('ann', n)
    await Promise.all([flushOutbox('ann'), flushOutbox('ann'), flushOutbox('ann')])
    await flushOutbox('ann')
    expect(received.map((e) => e.payload.n)).toEqual([1, 2, 3, 4, 5])
  })
})

describe('sendOrQueue', () => {
  it('sends at once when nothing waits, and throws a refusal as the screen shows it today', async () => {
    expect(await sendOrQueue('ann', 'test', { n: 1 })).toEqual({ queued: false, answer: undefined })
    answers = [new ApiError(400, 'Invalid status')]
    await expect(sendOrQueue('ann', 'test', { n: 2 })).rejects.toThrow('Invalid status')
    expect(await pendingEntries('ann')).toEqual([])
    expect(received.map((e) => e.payload.n)).toEqual([1])
  })

  it('queues a change that got no answer under the same id, and a later one behind it', async () => {
    down = true
    expect(await sendOrQueue('ann', 'test', { n: 1 })).toEqual({ queued: true })
    // Something waits, so the next change queues behind it instead of overtaking it.
    expect(await sendOrQueue('ann', 'test', { n: 2 })).toEqual({ queued: true })
    await whenOutboxIdle()
    const queued = (await pendingEntries('ann')) as OutboxEntry<{ n: number }>[]
    expect(queued.map((e) => e.payload.n)).toEqual([1, 2])
    down = false
    await flushOutbox('ann')
    expect(received.map((e) => [e.id, e.payload.n])).toEqual(queued.map((e) => [e.id, e.payload.n]))
  })
})
