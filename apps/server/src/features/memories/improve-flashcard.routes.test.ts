import { MEMORIES_MSG, parseTaggedSections } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import type { TutorProvider, TutorTask } from '../tutor/provider'

/**
 * TEST DOUBLE of the tutor: records each task and streams fixed chunks (one
 * of them splits a tag in two, as a real stream may). The real providers are
 * wired by the tutor feature; this only stands in for them here.
 */
function fixedChunksTutor() {
  const tasks: TutorTask[] = []
  const provider: TutorProvider = {
    name: 'test-double',
    async *stream(task) {
      tasks.push(task)
      if (task.kind === 'improve-flashcard' && task.front === 'fail') throw new Error('provider down')
      yield 'Here is a clearer card.\n<Memo'
      yield 'rizeCue>\n**settle** = make a home\n</MemorizeCue>\n'
      yield '<Explanation>settled: living somewhere for good</Explanation>'
    },
  }
  return { provider, tasks }
}

let t: TestApp
let alice: TestUser
let bob: TestUser
const tutor = fixedChunksTutor()

beforeAll(async () => {
  t = await buildTestApp({}, { tutor: tutor.provider })
  alice = await createTestUser(t.db.database, 'alice@example.com')
  bob = await createTestUser(t.db.database, 'bob@example.com')
})
afterAll(async () => t?.close())

const improve = (u: TestUser, payload: object) => t.app.inject({ method: 'POST', url: '/english_vocab/api/improve-flashcard-back', headers: u.auth, payload })

describe('improve-flashcard-back', () => {
  it('streams the tutor answer as plain text with tagged sections (chat form)', async () => {
    const article = await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Sense and Sensibility', description: '<p>A <b>novel</b></p>' })
    const res = await improve(alice, {
      article_id: article.hashId,
      front: ' settle ',
      Context: '```context\nSentence: They settled in Sussex.\n```',
      memorize_cue: 'old cue',
      user_messages: [{ role: 'user', content: 'Make it shorter' }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(parseTaggedSections(res.body)).toEqual({
      message: 'Here is a clearer card.',
      sections: { MemorizeCue: '**settle** = make a home', Explanation: 'settled: living somewhere for good' },
      pending: null,
    })
    expect(tutor.tasks.at(-1)).toEqual({
      kind: 'improve-flashcard',
      article: { title: 'Sense and Sensibility', description: 'A novel' },
      front: 'settle',
      context: '```context\nSentence: They settled in Sussex.\n```',
      memorizeCue: 'old cue',
      messages: [{ role: 'user', content: 'Make it shorter' }],
    })
  })

  it('accepts the simple form (article_id, front, back)', async () => {
    const res = await improve(alice, { article_id: 'nope', front: 'settle', back: 'the whole back' })
    expect(res.statusCode).toBe(200)
    expect(tutor.tasks.at(-1)).toMatchObject({ article: null, front: 'settle', context: 'the whole back', memorizeCue: '', messages: [] })
  })

  it("never hands another user's article to the tutor", async () => {
    const secret = await createLibraryRepo(t.db.database.db).insert(alice.id, { title: 'Alice private title' })
    const res = await improve(bob, { article_id: secret.hashId, front: 'settle', back: 'b' })
    expect(res.statusCode).toBe(200)
    expect(tutor.tasks.at(-1)).toMatchObject({ article: null })
    expect(JSON.stringify(tutor.tasks.at(-1))).not.toContain('Alice private title')
  })

  it('requires a front and says when the tutor fails', async () => {
    expect((await improve(alice, { front: '  ', back: 'b' })).json()).toEqual({ success: false, msg: MEMORIES_MSG.frontRequired })
    const failed = await improve(alice, { front: 'fail', back: 'b' })
    expect(failed.statusCode).toBe(502)
    expect(failed.json()).toEqual({ success: false, msg: MEMORIES_MSG.tutorFailed })
  })

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/improve-flashcard-back', payload: { front: 'a', back: 'b' } })
    expect(res.statusCode).toBe(401)
  })
})
