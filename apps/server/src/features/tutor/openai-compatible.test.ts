import type { AddressInfo } from 'node:net'
import { flashcardSuggestionsIn, TUTOR_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startOpenAiStreamServer, type OpenAiStreamServer } from '../../../../../test/openai-stream'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/** The app with AI_BASE_URL pointing at an OpenAI-compatible streaming server on loopback. */
let model: OpenAiStreamServer
let t: TestApp
let base: string
let alice: TestUser
let bob: TestUser
let articleId: number

beforeAll(async () => {
  model = await startOpenAiStreamServer()
  t = await buildTestApp({ ai: { baseUrl: model.baseUrl, apiKey: 'sk-test-key', model: 'tiny-tutor', idleTimeoutMs: 1500 } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  articleId = (
    await createLibraryRepo(t.db.database.db).insert(alice.id, {
      title: 'The Daily Walk',
      description: '<p>A talk about <b>walking</b> &amp; thinking.</p><script>alert(1)</script>',
    })
  ).id
})
afterAll(async () => {
  // Node's fetch may open a spare connection that never carries a request; the
  // server would wait for its headers timeout (about a minute) before closing.
  t?.app.server.closeAllConnections()
  await t?.close()
  await model?.close()
})
beforeEach(() => {
  model.requests.length = 0
})

const seg = (start: number, text: string) => ({ start, text })
const explainTurn = (flashcard = false) => ({
  role: 'user' as const,
  content: '',
  explain: {
    previousSegments: [seg(0, 'p1.'), seg(4_000, 'p2.'), seg(8_000, 'p3.'), seg(12_000, 'p4.'), seg(61_000, 'p5.')],
    currentSegment: seg(65_500, 'She was reluctant to leave.'),
    nextSegments: [seg(70_000, 'n1.'), seg(75_000, 'n2.')],
    flashcard,
  },
})

function post(user: TestUser, body: unknown, signal?: AbortSignal) {
  return fetch(`${base}/english_vocab/api/chat-explain-english`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  })
}

/** Reads a streamed body piece by piece with the time each piece arrived. */
async function readTimed(res: Response): Promise<{ pieces: Array<{ text: string; at: number }>; error?: unknown }> {
  const start = performance.now()
  const pieces: Array<{ text: string; at: number }> = []
  const decoder = new TextDecoder()
  try {
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) pieces.push({ text: decoder.decode(bytes, { stream: true }), at: performance.now() - start })
    return { pieces }
  } catch (error) {
    return { pieces, error }
  }
}

describe('the OpenAI-compatible tutor', () => {
  it('streams the model text through, and sends the article and the explain context in the prompt', async () => {
    model.reply({ chunks: ['**reluctant** ', 'means *not eager*.\n\n', '```flashcard\nFront: reluctant\nBack: not eager\n```'] })
    const res = await post(alice, { article_id: articleId, user_messages: [explainTurn()] })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toBe('**reluctant** means *not eager*.\n\n```flashcard\nFront: reluctant\nBack: not eager\n```')

    const [sent] = model.requests
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key')
    expect(sent!.body).toMatchObject({ model: 'tiny-tutor', stream: true })
    const [system, user] = sent!.body.messages
    expect(system!.role).toBe('system')
    expect(system!.content).toContain('Episode title: The Daily Walk')
    expect(system!.content).toContain('Episode description: A talk about walking & thinking.')
    expect(system!.content).not.toContain('alert(1)')
    expect(system!.content).toContain('```flashcard\nFront:')
    expect(user!.content).toContain('Previous segments:\n0:00: p1.\n0:04: p2.\n0:08: p3.\n0:12: p4.\n1:01: p5.')
    expect(user!.content).toContain('Current segment:\n1:05: She was reluctant to leave.')
    expect(user!.content).toContain('Next segments:\n1:10: n1.\n1:15: n2.')
    expect(user!.content).not.toContain('flashcard blocks) for the words')
  })

  it('asks the model for flashcards when the turn is flagged as a flashcard request', async () => {
    model.reply({ chunks: ['ok'] })
    await (await post(alice, { article_id: articleId, user_messages: [explainTurn(true)] })).text()
    const [system, user] = model.requests[0]!.body.messages
    expect(system!.content).toContain('This is a flashcard request')
    expect(user!.content).toContain('Suggest flashcards')
  })

  it("a flashcard request: the model is told the learner's own word statuses and picked word, and its cards stream back whole", async () => {
    const mark = (u: TestUser, words: string[], status: string) =>
      fetch(`${base}/english_vocab/api/words/status`, { method: 'POST', headers: { ...u.auth, 'content-type': 'application/json' }, body: JSON.stringify({ words, status }) })
    expect((await mark(alice, ['leave'], 'known')).status).toBe(200)
    expect((await mark(alice, ['reluctantly'], 'learning')).status).toBe(200)
    // Bob's marks of the same words, and his article, never reach a prompt of Alice's.
    expect((await mark(bob, ['reluctant'], 'ignored')).status).toBe(200)
    expect((await mark(bob, ['she'], 'known')).status).toBe(200)
    const bobsArticle = await createLibraryRepo(t.db.database.db).insert(bob.id, { title: "Bob's secret show", description: 'bob only' })

    model.reply({ chunks: ['**reluctant**: not eager.\n\n```flash', 'card\nFront: reluctant\nBack: unwilling, not eager\n```\n\n', '```flashcard\nFront: leave\nBack: go away\n```'] })
    const res = await post(alice, { article_id: articleId, user_messages: [explainTurn(true)] })
    expect(res.status).toBe(200)
    expect(flashcardSuggestionsIn(await res.text())).toEqual([
      { front: 'reluctant', back: 'unwilling, not eager' },
      { front: 'leave', back: 'go away' },
    ])
    const [system, user] = model.requests[0]!.body.messages
    expect(system!.content).toContain('This is a flashcard request')
    expect(system!.content).toContain('least likely to know')
    expect(user!.content).toContain('Current segment:\n1:05: She was reluctant to leave.')
    expect(user!.content).toContain("The learner's words in the current segment (as lemmas; any other word is new to them):\n- known: leave\n- learning: none")
    expect(user!.content).toContain('Suggest flashcards')
    const everything = JSON.stringify(model.requests[0]!.body)
    for (const secret of ["Bob's secret show", 'bob only', 'not worth a card']) expect(everything).not.toContain(secret)
    expect(user!.content).not.toMatch(/- known: [^\n]*\bshe\b/)

    // The word the learner picked is named, and the first card is asked for it.
    model.requests.length = 0
    model.reply({ chunks: ['```flashcard\nFront: leave\nBack: go away\n```'] })
    const picked = explainTurn(true)
    const answer = await post(alice, { article_id: articleId, user_messages: [{ ...picked, explain: { ...picked.explain, front: 'leave' } }] })
    expect(flashcardSuggestionsIn(await answer.text())).toEqual([{ front: 'leave', back: 'go away' }])
    expect(model.requests[0]!.body.messages[1]!.content).toContain('The learner picked “leave”: the first flashcard (```flashcard block) has exactly that as its Front')

    // Bob's flagged request on his own article carries his statuses only; on Alice's it never reaches the model.
    model.requests.length = 0
    model.reply({ chunks: ['ok'] })
    await (await post(bob, { article_id: bobsArticle.id, user_messages: [explainTurn(true)] })).text()
    const bobPrompt = model.requests[0]!.body.messages[1]!.content
    expect(bobPrompt).toContain('- known: she\n- learning: none\n- not worth a card for them: reluctant')
    expect(JSON.stringify(model.requests[0]!.body)).not.toContain('The Daily Walk')
    model.requests.length = 0
    const refused = await post(bob, { article_id: articleId, user_messages: [explainTurn(true)] })
    expect(refused.status).toBe(404)
    expect(model.requests).toHaveLength(0)
    await mark(alice, ['leave', 'reluctantly'], 'new')
  })

  it('sends only the last 3 user turns and what follows them', async () => {
    model.reply({ chunks: ['ok'] })
    const turns = ['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4', 'q5'].map((content) => ({ role: content.startsWith('q') ? 'user' : 'assistant', content }))
    await (await post(alice, { article_id: articleId, user_messages: turns })).text()
    expect(model.requests[0]!.body.messages.map((m) => m.content).slice(1)).toEqual(['q3', 'a3', 'q4', 'a4', 'q5'])
  })

  it('passes each piece on as it arrives: a slow model is seen streaming, first byte long before the end', async () => {
    model.reply({ chunks: ['one ', 'two ', 'three ', 'four'], delayMs: 150 })
    const res = await post(alice, { article_id: articleId, user_messages: [{ role: 'user', content: 'Count' }] })
    const { pieces, error } = await readTimed(res)
    expect(error).toBeUndefined()
    expect(pieces.map((p) => p.text).join('')).toBe('one two three four')
    expect(pieces.length).toBeGreaterThanOrEqual(3)
    // The first piece came about one delay after the request, the last about four delays later.
    expect(pieces.at(-1)!.at - pieces[0]!.at).toBeGreaterThan(300)
  })

  it('answers 502 in the spec shape when the model fails before answering', async () => {
    model.reply({ status: 500 })
    const res = await post(alice, { article_id: articleId, user_messages: [{ role: 'user', content: 'Hello?' }] })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ success: false, msg: TUTOR_MSG.upstream })
  })

  it('cuts the response when the model stream breaks in the middle, so the console cannot take it for a whole answer', async () => {
    model.reply({ chunks: ['part one, ', 'part two, ', 'never sent'], cutAfter: 2, delayMs: 20 })
    const res = await post(alice, { article_id: articleId, user_messages: [{ role: 'user', content: 'Long answer please' }] })
    expect(res.status).toBe(200)
    const { pieces, error } = await readTimed(res)
    expect(pieces.map((p) => p.text).join('')).toBe('part one, part two, ')
    expect(error).toBeInstanceOf(Error)
  })

  it('gives up on a model that stops sending, after the idle timeout', async () => {
    model.reply({ chunks: ['late'], delayMs: 2500 })
    const started = Date.now()
    const res = await post(alice, { article_id: articleId, user_messages: [{ role: 'user', content: 'Anyone?' }] })
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({ success: false, msg: TUTOR_MSG.upstream })
    expect(Date.now() - started).toBeLessThan(2400)
  })

  it('stops the model request when the learner leaves mid-stream', async () => {
    const before = model.abandoned
    model.reply({ chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 50 })
    const leave = new AbortController()
    const res = await post(alice, { article_id: articleId, user_messages: [{ role: 'user', content: 'Go on' }] }, leave.signal)
    const reader = res.body!.getReader()
    await reader.read()
    leave.abort()
    await expect.poll(() => model.abandoned, { timeout: 3000 }).toBe(before + 1)
  })

  it("never calls the model for another user's article", async () => {
    model.reply({ chunks: ['secret'] })
    const res = await post(bob, { article_id: articleId, user_messages: [{ role: 'user', content: 'Hi' }] })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, msg: 'Article not found' })
    expect(model.requests).toHaveLength(0)
  })
})
