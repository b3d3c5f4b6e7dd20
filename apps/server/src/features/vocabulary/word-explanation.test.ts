import { VOCABULARY_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { startOpenAiStreamServer, type OpenAiStreamServer } from '../../../../../test/openai-stream'
import { createTestUser, type TestUser } from '../../../../../test/users'

/** The lookup with AI_BASE_URL set: the configured model explains the word, on the tutor's budget. */
let model: OpenAiStreamServer
let t: TestApp
let offline: TestApp
let me: TestUser

const SENTENCE = 'Mrs. Dashwood was an amiable woman.'
const explain = (app: TestApp, user: TestUser, word: string) =>
  app.app.inject({ url: `/english_vocab/api/words/explain?word=${encodeURIComponent(word)}&sentence=${encodeURIComponent(SENTENCE)}`, headers: user.auth })

beforeAll(async () => {
  model = await startOpenAiStreamServer()
  t = await buildTestApp({ ai: { baseUrl: model.baseUrl, apiKey: 'sk-test-key', model: 'tiny-tutor', idleTimeoutMs: 1500 }, tutorLimitPerMinute: 3 })
  offline = await buildTestApp()
  me = await createTestUser(t.db.database, 'explain@example.com')
})
afterAll(async () => {
  await t?.close()
  await offline?.close()
  await model?.close()
})

describe('explainWord', () => {
  it("answers the model's explanation of the word in its sentence, and the lookup says a model is there", async () => {
    model.reply({ chunks: ['Friendly', ' and pleasant', ' to be with.'] })
    const res = await explain(t, me, 'amiable')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true, explanation: 'Friendly and pleasant to be with.', msg: 'ok' })
    const asked = model.requests.at(-1)!.body.messages.at(-1)!.content
    expect(asked).toContain('"amiable"')
    expect(asked).toContain(SENTENCE)

    const lookup = await t.app.inject({ url: `/english_vocab/api/words/lookup?word=amiable&sentence=${encodeURIComponent(SENTENCE)}`, headers: me.auth })
    expect(lookup.json()).toMatchObject({ lemma: 'amiable', model: true })
  })

  it('says so when the model fails, and spends the same per-user budget as the chat', async () => {
    model.reply({ status: 503 })
    const failed = await explain(t, me, 'woman')
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({ success: false, msg: VOCABULARY_MSG.modelFailed })
    // Two calls spent above (limit 3): one more is allowed, then the chat is refused too.
    model.reply({ chunks: ['A grown female.'] })
    expect((await explain(t, me, 'woman')).statusCode).toBe(200)
    expect((await explain(t, me, 'woman')).statusCode).toBe(429)
    const chat = await t.app.inject({
      method: 'POST',
      url: '/english_vocab/api/chat-explain-english',
      headers: me.auth,
      payload: { article_id: 1, user_messages: [{ role: 'user', content: 'What does "amiable" mean?' }] },
    })
    expect(chat.statusCode).toBe(429)
  })

  it('without a model: the lookup says none, and explain answers a clear 400', async () => {
    const user = await createTestUser(offline.db.database, 'offline@example.com')
    const lookup = await offline.app.inject({ url: '/english_vocab/api/words/lookup?word=amiable', headers: user.auth })
    expect(lookup.json()).toMatchObject({ model: false })
    const res = await explain(offline, user, 'amiable')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: VOCABULARY_MSG.noModel })
  })

  it('needs a signed-in user and a word', async () => {
    expect((await t.app.inject({ url: '/english_vocab/api/words/explain?word=amiable' })).statusCode).toBe(401)
    const res = await t.app.inject({ url: '/english_vocab/api/words/explain?word=', headers: (await createTestUser(t.db.database, 'other@example.com')).auth })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: VOCABULARY_MSG.wordRequired })
  })
})
