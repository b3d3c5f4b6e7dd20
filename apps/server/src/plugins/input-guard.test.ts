import { NUL_IN_INPUT, UPLOAD_MSG } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../test/app'
import { createTestUser, type TestUser } from '../../../../test/users'

/**
 * The inputs a hostile client probe found answering 500 (decision 0006)
 * and the lenient ids it found accepted (finding 12): each now answers a
 * clear 400 (or the not-found the id deserves), and nothing saved changes.
 */
let t: TestApp
let alice: TestUser
let deckId: number

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'alice@example.com')
  deckId = (await call('POST', '/english_vocab/memories/deck', { name: 'Kept' })).json().deck.id
})
afterAll(async () => t?.close())

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object | string, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...alice.auth, ...headers }, ...(payload === undefined ? {} : { payload }) })
}
const decks = async () => (await call('GET', '/english_vocab/memories/decks')).json().decks

function expectBadRequest(res: Awaited<ReturnType<typeof call>>, msg?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400)
  expect(res.json().success).toBe(false)
  if (typeof msg === 'string') expect(res.json().msg).toBe(msg)
  else if (msg) expect(res.json().msg).toMatch(msg)
}

describe('a NUL character anywhere in a request', () => {
  const nul = 'a\u0000b'
  const cases: Array<[string, () => ReturnType<typeof call>]> = [
    ['a JSON body (new deck)', () => call('POST', '/english_vocab/memories/deck', { name: nul })],
    ['a form body (new playlist)', () => t.app.inject({ method: 'POST', url: '/english_vocab/api/new_playlist', ...form({ title: nul }, alice.auth) })],
    ['a nested JSON field (a card front)', () => call('POST', '/english_vocab/memories/flashcard', { deck_id: deckId, front: nul, back: 'b' })],
    ['a JSON key', () => call('POST', '/english_vocab/memories/deck', { name: 'x', [nul]: 1 })],
    ['a query string (article by hash id)', () => call('GET', `/english_vocab/api/article?id=${encodeURIComponent(nul)}`)],
    ['a media address', () => call('GET', `/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(`https://example.com/${nul}.mp3`)}`)],
    ['a collect body', () => call('POST', '/english_vocab/api/collect', { title: nul, audio: 'https://example.com/a.mp3' })],
    ['a path (notes file)', () => call('GET', `/storage/api/config/${encodeURIComponent(nul)}_outline.txt`)],
    ['a wildcard path (mediainfo)', () => call('GET', `/storage/api/mediainfo/uploads/${encodeURIComponent(nul)}.mp4`)],
    ['a text body (notes)', () => call('PUT', '/storage/api/config/abcdefabcdef_outline.txt', nul, { 'content-type': 'text/plain' })],
    ['a CSV import', () => call('POST', `/english_vocab/memories/deck/${deckId}/import`, { csv: `front,back\n${nul},b` })],
    ['the media proxy address', () => call('GET', `/media-proxy/proxy_media?resource_addr=${encodeURIComponent(`/uploads/${nul}.mp3`)}`)],
  ]
  it.each(cases)('is refused with a 400 in %s', async (_name, send) => {
    const before = await decks()
    const res = await send()
    expectBadRequest(res, new RegExp(`^${NUL_IN_INPUT} \\(`))
    expect(await decks()).toEqual(before)
  })
})

describe('ids', () => {
  const tooBig = 2 ** 31
  it.each([
    ['mark_finished', '/english_vocab/api/mark_finished', { article_id: tooBig, finished: true }],
    ['rss-subscribe', '/english_vocab/api/rss-subscribe', { rss_id: tooBig }],
    ['rss-unsubscribe', '/english_vocab/api/rss-unsubscribe', { rss_id: String(tooBig) }],
    ['collect-rss-item', '/english_vocab/api/collect-rss-item', { rss_item_id: 99_999_999_999 }],
    ['add_article_to_playlist', '/english_vocab/api/add_article_to_playlist', { article_id: 'x', playlist_ids: [tooBig] }],
    ['flashcard', '/english_vocab/memories/flashcard', { deck_id: tooBig, front: 'f', back: 'b' }],
  ])('above 2^31-1 answer 400 on %s', async (_name, url, body) => {
    expectBadRequest(await call('POST', url, body))
  })

  it('above 2^31-1 in a form or a path name nothing (not found or 400, never 500)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/english_vocab/api/delete-article', ...form({ article_id: String(tooBig) }, alice.auth) })
    expect(res.statusCode).toBe(404)
    expectBadRequest(await call('GET', `/english_vocab/memories/deck/${tooBig}/export.csv`))
  })

  it.each(['0x1', ' 1', '1 ', '1e0', '1.0', '+1', '-1', '01x'])('accept decimal digits only, not %j', async (id) => {
    const created = (await call('POST', '/english_vocab/memories/flashcard', { deck_id: deckId, front: 'kept', back: 'b' })).json().flashcard
    expect(created.deck_id).toBe(deckId)
    const q = encodeURIComponent(id)
    expectBadRequest(await call('GET', `/english_vocab/api/rss-items?rss_id=${q}`), 'rss_id must be a feed id')
    expectBadRequest(await call('POST', '/english_vocab/api/rss-subscribe', { rss_id: id }), 'rss_id must be a feed id')
    expectBadRequest(await call('GET', `/english_vocab/memories/flashcards?deck_id=${q}`))
    // The id in a path: `1%20` must not open card 1.
    expect((await call('GET', `/english_vocab/memories/deck/${q}/export.csv`)).statusCode).toBe(400)
    await call('DELETE', `/english_vocab/memories/flashcard/${created.id}`)
  })

  it('still reads plain digits as ids, as forms and query strings send them', async () => {
    const res = await call('GET', `/english_vocab/memories/flashcards?deck_id=${deckId}`)
    expect(res.statusCode).toBe(200)
  })
})

describe('numbers the database keeps as integers', () => {
  it.each(['1.5', '0x10', '1e3', '-1', 'NaN', ''])('play_pos %j answers 400', async (pos) => {
    expectBadRequest(await call('GET', `/media-proxy/transcript?audio_url=${encodeURIComponent('/demo/a.mp3')}&play_pos=${encodeURIComponent(pos)}`), 'play_pos must be a whole number of milliseconds')
  })
})

describe('malformed multipart bodies on upload_file', () => {
  const upload = (type: string, payload: string) => call('POST', '/storage/api/upload_file', payload, { 'content-type': type })
  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    ['a part cut off mid-way', 'multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nabc'],
    ['more fields than a form has', 'multipart/form-data; boundary=XX', `${Array.from({ length: 30 }, (_, i) => `--XX\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--XX--\r\n`],
  ])('%s answers 400 with a clear text', async (_name, type, body) => {
    expectBadRequest(await upload(type, body), UPLOAD_MSG.malformed)
    expect((await call('GET', '/english_vocab/api/word_collections')).statusCode).toBe(200)
  })
})

describe('OPML export with no subscriptions', () => {
  it('is an empty but valid OPML document', async () => {
    const bob = await createTestUser(t.db.database, 'bob@example.com')
    const res = await t.app.inject({ method: 'GET', url: '/english_vocab/api/rss-opml', headers: bob.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/x-opml')
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<opml version="2.0">/)
    expect(res.body).toContain('<body/>')
    // And it imports back as "nothing to subscribe to", not as a broken file.
    const again = await t.app.inject({ method: 'POST', url: '/english_vocab/api/rss-opml', headers: { ...bob.auth, 'content-type': 'text/x-opml' }, payload: res.body })
    expect(again.statusCode).toBe(400)
  })
})
