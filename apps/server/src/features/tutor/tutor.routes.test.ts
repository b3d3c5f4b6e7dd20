import { flashcardSuggestionsIn, LIBRARY_MSG, MSG, TUTOR_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'

/** The offline tutor: no AI_BASE_URL, so WordNet answers (ARCHITECTURE.md s6). */
let t: TestApp
let alice: TestUser
let bob: TestUser
let article: { id: number; hashId: string }

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
  article = await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Sense and Sensibility', description: '<p>Chapter <b>one</b></p>' })
})
afterAll(async () => t?.close())

const explainTurn = (current: string, flashcard = false) => ({
  role: 'user',
  content: 'Explain this segment',
  explain: {
    previousSegments: [{ start: 1_000, text: 'The family of Dashwood had long been settled in Sussex.' }],
    currentSegment: { start: 65_000, text: current },
    nextSegments: [{ start: 70_000, text: 'He was a single man.' }],
    flashcard,
  },
})
const chat = (u: TestUser, payload: unknown) => t.app.inject({ method: 'POST', url: '/english_vocab/api/chat-explain-english', headers: u.auth, payload: payload as object })

describe('chat-explain-english with the offline tutor', () => {
  it('explains the harder words of the current segment in their sense here, with flashcards, as streamed text', async () => {
    const res = await chat(alice, { article_id: article.id, user_messages: [explainTurn('Their estate was large, and their residence was at Norland Park.')] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.body).toContain('At **1:05** in *Sense and Sensibility*')
    expect(res.body).toContain('### **estate** · noun')
    expect(res.body).toContain('extensive landed property')
    expect(res.body).toMatch(/```flashcard\nFront: estate\nBack: \(noun\) extensive landed property[^\n]*“Their estate was large/)
    expect(res.body).toMatch(/```flashcard\nFront: residence\n/)
    // Everyday words are not offered as cards.
    expect(res.body).not.toMatch(/Front: (large|their|was)\n/)
  })

  it('handles irregular forms: "went" and "children" are known words, not hard ones', async () => {
    const res = await chat(alice, { article_id: article.hashId, user_messages: [explainTurn('The children went to the bank and felt reluctant.')] })
    expect(res.body).toContain('**reluctant**')
    expect(res.body).not.toMatch(/Front: (went|go|children|child)\n/)
    const asked = await chat(alice, { article_id: article.hashId, user_messages: [{ role: 'user', content: 'What does "went" mean?' }] })
    expect(asked.body).toContain('**went** (from *go*) · verb')
  })

  it('answers a question about a word, using the sentence explained before', async () => {
    const res = await chat(alice, {
      article_id: article.id,
      user_messages: [explainTurn('Their estate was large.'), { role: 'assistant', content: '...' }, { role: 'user', content: 'What does "estate" mean?' }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('In this sentence it means: *extensive landed property')
    expect(res.body).toContain('Front: estate')
  })

  it('says what it can do when the question names no word it knows', async () => {
    const res = await chat(alice, { article_id: article.id, user_messages: [{ role: 'user', content: 'Why?' }] })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('I am the offline tutor')
  })

  it('refuses bad input with a clear message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ user_messages: [{ role: 'user', content: 'hi' }] }, 'article_id is required'],
      [{ article_id: article.id, user_messages: [] }, TUTOR_MSG.noQuestion],
      [{ article_id: article.id, user_messages: [{ role: 'user', content: '   ' }] }, TUTOR_MSG.noQuestion],
      [{ article_id: article.id, user_messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }, TUTOR_MSG.noQuestion],
      [{ article_id: article.id, user_messages: [{ role: 'user', content: 'x'.repeat(8001) }] }, TUTOR_MSG.messageTooLong],
      [{ article_id: article.id, user_messages: [explainTurn('   ')] }, TUTOR_MSG.emptySegment],
    ]
    for (const [payload, msg] of cases) {
      const res = await chat(alice, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json().msg).toContain(msg)
    }
    const tooMany = explainTurn('Fine.')
    tooMany.explain.previousSegments = Array.from({ length: 6 }, (_, i) => ({ start: i * 1000, text: `s${i}` }))
    expect((await chat(alice, { article_id: article.id, user_messages: [tooMany] })).statusCode).toBe(400)
  })

  it('requires a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/chat-explain-english', payload: { article_id: article.id, user_messages: [{ role: 'user', content: 'hi' }] } })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
  })
})

describe('a flashcard request (spec 000 s3: the same segment, flagged)', () => {
  const ESTATE = 'Their estate was large, and their residence was at Norland Park.'
  const flagged = (current: string, front?: string) => {
    const turn = explainTurn(current, true)
    return { ...turn, content: '', explain: { ...turn.explain, ...(front ? { front } : {}) } }
  }
  const mark = (u: TestUser, words: string[], status: string) =>
    t.app.inject({ method: 'POST', url: '/english_vocab/api/words/status', headers: u.auth, payload: { words, status } })

  it("answers with the card of the word this learner knows least first, by their own statuses, the back its meaning here", async () => {
    const first = await chat(alice, { article_id: article.hashId, user_messages: [flagged(ESTATE)] })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.body.startsWith('A flashcard from **1:05** in *Sense and Sensibility*')).toBe(true)
    // A new learner: the rarer of the two words outside everyday English first.
    expect(flashcardSuggestionsIn(first.body)).toEqual([
      { front: 'residence', back: expect.stringMatching(/^\(noun\) /) },
      { front: 'estate', back: '(noun) extensive landed property (especially in the country) retained by the owner for his own use' },
    ])
    expect(first.body).not.toContain('“Their estate was large, and their residence was at Norland Park.”\n```')

    // Bob knows "estate" and ignores "residence": nothing changes for Alice.
    expect((await mark(bob, ['estate'], 'known')).statusCode).toBe(200)
    expect((await mark(bob, ['residence'], 'ignored')).statusCode).toBe(200)
    const again = await chat(alice, { article_id: article.hashId, user_messages: [flagged(ESTATE)] })
    expect(flashcardSuggestionsIn(again.body).map((c) => c.front)).toEqual(['residence', 'estate'])

    // Alice knows "residences" (its lemma): "estate" is now the word she knows least.
    expect((await mark(alice, ['residences'], 'known')).statusCode).toBe(200)
    const known = await chat(alice, { article_id: article.id, user_messages: [flagged(ESTATE)] })
    expect(flashcardSuggestionsIn(known.body).map((c) => c.front)).toEqual(['estate'])
    // And for Bob, on his own article, his statuses: "estate" known, "residence" ignored, so the card is for an everyday word.
    const own = await createLibraryRepo(t.db.database.db).insert(bob.id, { title: 'Bob notes' })
    const bobs = await chat(bob, { article_id: own.id, user_messages: [flagged(ESTATE)] })
    expect(bobs.statusCode).toBe(200)
    expect(flashcardSuggestionsIn(bobs.body).map((c) => c.front)).not.toContain('estate')
    expect(flashcardSuggestionsIn(bobs.body).map((c) => c.front)).not.toContain('residence')
    expect(bobs.body).not.toContain('Sense and Sensibility')
    await mark(alice, ['residence'], 'new')
  })

  it('puts the word the learner picked first, as they picked it, in the sense of the sentence', async () => {
    const res = await chat(alice, { article_id: article.id, user_messages: [flagged('Please repeat this sentence.', 'Please')] })
    expect(res.statusCode).toBe(200)
    expect(flashcardSuggestionsIn(res.body)[0]).toEqual({ front: 'Please', back: '(adverb) used in polite request' })
    expect(res.body).not.toContain('give pleasure')
    // The front is only read on a flashcard request; an Explain turn ignores it.
    const explain = explainTurn('Please repeat this sentence.')
    const plain = await chat(alice, { article_id: article.id, user_messages: [{ ...explain, explain: { ...explain.explain, front: 'Please' } }] })
    expect(flashcardSuggestionsIn(plain.body).map((c) => c.front)).toEqual(['sentence'])
  })

  it('refuses a front longer than a phrase', async () => {
    const res = await chat(alice, { article_id: article.id, user_messages: [flagged('Fine.', 'x'.repeat(101))] })
    expect(res.statusCode).toBe(400)
  })

  it("answers another user nothing of the article: not found, no card, no title", async () => {
    const res = await chat(bob, { article_id: article.hashId, user_messages: [flagged(ESTATE)] })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
    expect(res.body).not.toContain('Front:')
  })
})

describe("another user's article", () => {
  it('gets no chat: not found by CollectionID or HashID, and nothing of the article is streamed', async () => {
    for (const id of [article.id, article.hashId]) {
      const res = await chat(bob, { article_id: id, user_messages: [explainTurn('Their estate was large.')] })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ success: false, msg: LIBRARY_MSG.articleNotFound })
      expect(res.body).not.toContain('Sense and Sensibility')
    }
  })
})

describe('the per-user rate limit', () => {
  it('stops a user after the configured number of calls a minute, and not another user', async () => {
    const limited = await buildTestApp({ tutorLimitPerMinute: 2 })
    try {
      const [carol, dave] = [await createTestUser(limited.db.database, 'carol@example.com'), await createTestUser(limited.db.database, 'dave@example.com')]
      const own = await createLibraryRepo(limited.db.database.db).insert(carol.id, { title: 'Carol' })
      const daves = await createLibraryRepo(limited.db.database.db).insert(dave.id, { title: 'Dave' })
      const call = (u: TestUser, id: number) =>
        limited.app.inject({ method: 'POST', url: '/english_vocab/api/chat-explain-english', headers: u.auth, payload: { article_id: id, user_messages: [{ role: 'user', content: 'What does "estate" mean?' }] } })
      expect((await call(carol, own.id)).statusCode).toBe(200)
      expect((await call(carol, own.id)).statusCode).toBe(200)
      const third = await call(carol, own.id)
      expect(third.statusCode).toBe(429)
      expect(third.json()).toEqual({ success: false, msg: MSG.tooManyRequests })
      expect((await call(dave, daves.id)).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  // One budget per user: card refinement reaches the same model, so it draws from the same budget.
  it('is one budget per user across the chat and improve-flashcard-back, whichever route comes first', async () => {
    const limit = 3
    const limited = await buildTestApp({ tutorLimitPerMinute: limit })
    try {
      const [erin, frank] = [await createTestUser(limited.db.database, 'erin@example.com'), await createTestUser(limited.db.database, 'frank@example.com')]
      const own = await createLibraryRepo(limited.db.database.db).insert(erin.id, { title: 'Erin' })
      const chatCall = (u: TestUser, id: number) =>
        limited.app.inject({ method: 'POST', url: '/english_vocab/api/chat-explain-english', headers: u.auth, payload: { article_id: id, user_messages: [{ role: 'user', content: 'What does "estate" mean?' }] } })
      const improveCall = (u: TestUser) =>
        limited.app.inject({ method: 'POST', url: '/english_vocab/api/improve-flashcard-back', headers: u.auth, payload: { front: 'settle', Context: '', memorize_cue: '', user_messages: [] } })
      // The card route alone: N answered, the N+1th refused with the too-many-requests text.
      for (let i = 0; i < limit; i++) expect((await improveCall(frank)).statusCode).not.toBe(429)
      const frankOver = await improveCall(frank)
      expect(frankOver.statusCode).toBe(429)
      expect(frankOver.json()).toEqual({ success: false, msg: MSG.tooManyRequests })
      // Mixed: chat and card calls add up to one budget; the N+1th of either route is refused.
      expect((await chatCall(erin, own.id)).statusCode).toBe(200)
      expect((await improveCall(erin)).statusCode).not.toBe(429)
      expect((await chatCall(erin, own.id)).statusCode).toBe(200)
      for (const over of [await improveCall(erin), await chatCall(erin, own.id)]) {
        expect(over.statusCode).toBe(429)
        expect(over.json()).toEqual({ success: false, msg: MSG.tooManyRequests })
      }
      // Frank's spent budget never touched Erin's, and hers does not touch a fresh user's.
      const grace = await createTestUser(limited.db.database, 'grace@example.com')
      expect((await improveCall(grace)).statusCode).not.toBe(429)
    } finally {
      await limited.close()
    }
  })
})
