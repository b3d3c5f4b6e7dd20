import type { Segment } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { createLibraryRepo } from '../library/library.repo'
import { createTranscriptsRepo } from '../media/transcripts.repo'
import { createWordsRepo } from './words.repo'
import { CARD_WORDS_BACKFILL_KEY, createWordsService } from './words.service'

/**
 * What the player and the lookup show of words: a word with a card
 * in any deck is learning, however the card was made; a capitalised sentence
 * start is the common word, a name is a name.
 */

let t: TestApp
const db = () => t.db.database.db

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => t?.close())

const call = (u: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  payload ? t.app.inject({ method, url, headers: u.auth, payload }) : t.app.inject({ method, url, headers: u.auth })
const lookup = async (u: TestUser, word: string, sentence?: string) => {
  const res = await call(u, 'GET', `/english_vocab/api/words/lookup?word=${encodeURIComponent(word)}${sentence ? `&sentence=${encodeURIComponent(sentence)}` : ''}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { word: string; lemma: string; pos: string; status: string }
}
const articleWords = async (u: TestUser, hashId: string) => {
  const res = await call(u, 'GET', `/english_vocab/api/words/article?article_id=${hashId}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { forms: Record<string, string>; statuses: Record<string, string>; comprehension?: { known_share: number; learning_share: number; new_words: number; learning_words: number; words: number } }
}

let seq = 0
/** An article of `u` whose audio has a done transcript of these sentences. */
async function articleOf(u: TestUser, sentences: string[]): Promise<string> {
  const audio = `http://media.test/words-${++seq}.mp3`
  const segments: Segment[] = sentences.map((text, i) => ({ start: i * 2000, end: i * 2000 + 2000, text, word_timestamps: [] }))
  await createTranscriptsRepo(db()).storeIfAbsent(audio, 'publisher', segments)
  return (await createLibraryRepo(db()).insert(u.id, { title: `Words ${seq}`, audio })).hashId
}
async function deckOf(u: TestUser): Promise<number> {
  const res = await call(u, 'POST', '/english_vocab/memories/deck', { name: 'Imported' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().deck.id
}
const importCsv = async (u: TestUser, deckId: number, csv: string) => {
  const res = await call(u, 'POST', `/english_vocab/memories/deck/${deckId}/import`, { csv })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().imported as number
}

describe('cards imported from a CSV deck', () => {
  it('make the words of one-word fronts learning in the lookup and the article, as a card made by hand does', async () => {
    const u = await createTestUser(t.db.database, 'importer@example.com')
    const other = await createTestUser(t.db.database, 'other@example.com')
    const hashId = await articleOf(u, ['We were running late.', 'The houses looked cheap.'])
    // A mark the user made stays: a card never lowers "known".
    expect((await call(u, 'POST', '/english_vocab/api/words/status', { words: ['cheap'], status: 'known' })).statusCode).toBe(200)
    const before = (await articleWords(u, hashId)).comprehension!

    const csv = '\uFEFFfront,back\n"running","to move fast"\nHouses,buildings\n  cheap  ,low price\nmake do,manage\n\nrunning,again\n'
    expect(await importCsv(u, await deckOf(u), csv)).toBe(5)

    expect(await lookup(u, 'running', 'We were running late.')).toMatchObject({ lemma: 'run', status: 'learning' })
    expect(await lookup(u, 'houses')).toMatchObject({ lemma: 'house', status: 'learning' })
    expect(await lookup(u, 'cheap')).toMatchObject({ status: 'known' })
    // A phrase is not a word: neither of its words is marked.
    expect(await lookup(u, 'make')).toMatchObject({ status: 'new' })
    const after = await articleWords(u, hashId)
    expect(after.statuses).toMatchObject({ run: 'learning', house: 'learning', cheap: 'known' })
    // Learning words are counted apart from known ones: "running" and "houses" leave the new words for the learning share.
    expect(after.comprehension!.words).toBe(before.words)
    expect(after.comprehension!.new_words).toBe(before.new_words - 2)
    expect(after.comprehension!.learning_words).toBe(before.learning_words + 2)
    expect(after.comprehension!.learning_share).toBeGreaterThan(before.learning_share)
    expect(after.comprehension!.known_share).toBe(before.known_share)
    // Another user's import is theirs alone.
    expect(await lookup(other, 'running')).toMatchObject({ status: 'new' })
  })

  it('makes the word of an edited front learning too', async () => {
    const u = await createTestUser(t.db.database, 'editor@example.com')
    const deckId = await deckOf(u)
    const created = await call(u, 'POST', '/english_vocab/memories/flashcard', { deck_id: deckId, front: 'make do', back: 'manage' })
    expect(created.statusCode, created.body).toBe(200)
    const edited = await call(u, 'PUT', `/english_vocab/memories/flashcard/${created.json().flashcard.id}`, { front: 'thrived', back: 'did well' })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(await lookup(u, 'thrive')).toMatchObject({ status: 'learning' })
  })
})

describe('cards made before the vocabulary existed', () => {
  it('has the boot step record that it ran', async () => {
    const { rows } = await db().execute(sql`select value from app_settings where key = ${CARD_WORDS_BACKFILL_KEY}`)
    expect(rows).toHaveLength(1)
  })

  it('makes their one-word fronts learning once, keeping marks and other users apart', async () => {
    const u = await createTestUser(t.db.database, 'veteran@example.com')
    const other = await createTestUser(t.db.database, 'newcomer@example.com')
    const hashId = await articleOf(u, ['Geese flew over the fields.'])
    await importCsv(u, await deckOf(u), 'front,back\ngeese,birds\nFlew,past of fly\nfields,land\nover there,phrase\n')
    await importCsv(other, await deckOf(other), 'front,back\nfields,land\n')
    // As a database upgraded past migration 0010 found them: cards, but no marks, and the step not run yet.
    await db().execute(sql`delete from user_words where user_id in (${u.id}, ${other.id})`)
    await db().execute(sql`delete from app_settings where key = ${CARD_WORDS_BACKFILL_KEY}`)
    await call(u, 'POST', '/english_vocab/api/words/status', { words: ['field'], status: 'ignored' })
    expect(await lookup(u, 'geese')).toMatchObject({ lemma: 'goose', status: 'new' })

    const words = createWordsService({ repo: createWordsRepo(db()) })
    // goose and fly for u (field is marked already), field for the other user.
    expect(await words.backfillCardWords()).toBe(3)
    expect((await articleWords(u, hashId)).statuses).toEqual({ goose: 'learning', fly: 'learning', field: 'ignored' })
    expect(await lookup(other, 'field')).toMatchObject({ status: 'learning' })
    expect(await lookup(other, 'goose')).toMatchObject({ status: 'new' })
    expect(await lookup(u, 'over')).toMatchObject({ status: 'new' })

    // Once only: a word the user sets back to new afterwards stays new.
    await call(u, 'POST', '/english_vocab/api/words/status', { words: ['goose'], status: 'new' })
    expect(await words.backfillCardWords()).toBe(0)
    expect(await lookup(u, 'goose')).toMatchObject({ status: 'new' })
  })
})

describe('capitalised sentence starts and names', () => {
  const SENTENCES = ['Houses are cheap.', 'We met Dashwood.', 'Running is fun.']

  it('reads a capitalised sentence start as the common word and a name as a name, in the article and the lookup', async () => {
    const u = await createTestUser(t.db.database, 'reader@example.com')
    const hashId = await articleOf(u, SENTENCES)
    const words = await articleWords(u, hashId)
    expect(words.forms).toMatchObject({ houses: 'house', running: 'run', met: 'meet' })
    // A name is not vocabulary: no form to mark, and it counts neither for nor against the figure.
    expect(words.forms).not.toHaveProperty('dashwood')
    expect(Object.values(words.forms)).not.toContain('dashwood')
    // houses, are, cheap, we, met, running, is, fun.
    expect(words.comprehension).toEqual({ known_share: 0, learning_share: 0, new_words: 7, learning_words: 0, words: 8 })

    expect(await lookup(u, 'Houses', SENTENCES[0])).toMatchObject({ word: 'houses', lemma: 'house', pos: 'NOUN', status: 'new' })
    expect(await lookup(u, 'Running', SENTENCES[2])).toMatchObject({ word: 'running', lemma: 'run', pos: 'VERB' })
    expect(await lookup(u, 'Dashwood', SENTENCES[1])).toMatchObject({ word: 'dashwood', lemma: 'dashwood', pos: 'PROPN' })

    // "Mark the remaining new words as known" leaves the name alone.
    const known = await call(u, 'POST', '/english_vocab/api/words/article/known', { article_id: hashId })
    expect(known.statusCode, known.body).toBe(200)
    expect(known.json().changed).toEqual(['be', 'cheap', 'fun', 'house', 'meet', 'run', 'we'])
    expect(await lookup(u, 'Dashwood', SENTENCES[1])).toMatchObject({ status: 'new' })
    expect((await articleWords(u, hashId)).comprehension).toEqual({ known_share: 1, learning_share: 0, new_words: 0, learning_words: 0, words: 8 })
  })
})
