import { answerShapeOf, authRoutes, defineRoute, fitsShape } from '@lingocast/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, apiCall, apiStream, apiText, checkAnswersWith, parseWithZod, UNEXPECTED_FORMAT } from './client'

const bearerGet = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/article',
  auth: 'bearer',
  query: z.object({ id: z.string() }),
  response: z.object({ success: z.literal(true), n: z.number() }),
})
const jsonPost = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/new_playlist',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({ name: z.string(), public: z.boolean() }),
  response: z.object({ success: z.literal(true), msg: z.string() }),
})

interface Seen {
  url: string
  init: RequestInit
  headers: Record<string, string>
}

/** Stubs the global fetch with one canned answer and records what was sent. */
function answer(status: number, body: unknown): Seen[] {
  const seen: Seen[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen.push({ url, init, headers: init.headers as Record<string, string> })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  })
  return seen
}

beforeEach(() => vi.stubGlobal('document', { cookie: 'other=1; Token=cookie-token; username=ann' }))
afterEach(() => vi.unstubAllGlobals())

describe('apiCall', () => {
  it('sends a form body url-encoded and no bearer header on a sign-in call', async () => {
    const seen = answer(200, { success: true, msg: 'ok', token: 't', username: 'ann' })
    const res = await apiCall(authRoutes.loginByEmail, { body: { email: 'a@b.co', code: '123456' } })
    expect(res).toEqual({ success: true, msg: 'ok', token: 't', username: 'ann' })
    expect(seen[0]!.url).toBe('/user/api/loginByEmail')
    expect(seen[0]!.init.method).toBe('POST')
    expect(seen[0]!.init.body).toBe('email=a%40b.co&code=123456')
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(seen[0]!.headers.authorization).toBeUndefined()
  })

  it('sends a JSON body as JSON', async () => {
    const seen = answer(200, { success: true, msg: 'ok' })
    await apiCall(authRoutes.sendRegisterCode, { body: { email: 'a@b.co' } })
    expect(seen[0]!.init.body).toBe('{"email":"a@b.co"}')
    expect(seen[0]!.headers['content-type']).toBe('application/json')
  })

  it('puts a GET query in the URL and the Token cookie in the bearer header', async () => {
    const seen = answer(200, { success: true, n: 1 })
    expect(await apiCall(bearerGet, { query: { id: 'a b&c' } })).toEqual({ success: true, n: 1 })
    expect(seen[0]!.url).toBe('/english_vocab/api/article?id=a+b%26c')
    expect(seen[0]!.init.body).toBeUndefined()
    expect(seen[0]!.headers.authorization).toBe('Bearer cookie-token')
  })

  it('sends no bearer header when there is no Token cookie', async () => {
    vi.stubGlobal('document', { cookie: 'username=ann' })
    const seen = answer(200, { success: true, msg: 'ok' })
    await apiCall(jsonPost, { body: { name: 'Untitled Playlist', public: false } })
    expect(seen[0]!.headers.authorization).toBeUndefined()
  })

  it('turns success:false into an ApiError with the server msg, even on HTTP 200', async () => {
    answer(200, { success: false, msg: 'Article not found' })
    const error = await apiCall(bearerGet, { query: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 200, msg: 'Article not found', message: 'Article not found' })
  })

  it('keeps the HTTP status and the server msg of a failed call', async () => {
    answer(401, { success: false, msg: 'Incorrect verification code' })
    await expect(apiCall(authRoutes.loginByEmail, { body: { email: 'a@b.co', code: '000000' } })).rejects.toMatchObject({
      status: 401,
      msg: 'Incorrect verification code',
    })
  })

  it('maps an HTTP failure without a msg to its status and no msg', async () => {
    answer(502, '<html>bad gateway</html>')
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 502, msg: undefined, message: 'HTTP error 502' })
    answer(500, { success: false })
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 500, msg: undefined })
  })

  it('treats an HTTP error as a failure even when the body claims success', async () => {
    answer(503, { success: true, n: 1 })
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 503 })
  })

  it('refuses a success body that does not match the contract', async () => {
    answer(200, { success: true, n: 'one' })
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 200, msg: undefined, message: UNEXPECTED_FORMAT })
  })

  it("checks answers the browser's way when told to: by shape, handing the answer on as it came", async () => {
    checkAnswersWith((route, json) => (fitsShape(answerShapeOf(route.response), json) ? { ok: true, data: json } : { ok: false }))
    try {
      answer(200, { success: true, n: 2, extra: 'kept' })
      expect(await apiCall(bearerGet, { query: { id: '1' } })).toEqual({ success: true, n: 2, extra: 'kept' })
      answer(200, { success: true, n: 'one' })
      await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 200, message: UNEXPECTED_FORMAT })
    } finally {
      checkAnswersWith(parseWithZod)
    }
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed')
    })
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 0, msg: undefined })
  })

  it('lets an abort through unchanged', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError')
    })
    await expect(apiCall(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('text and streamed routes', () => {
  it('fills path parameters, sends a text body with extra headers and keepalive', async () => {
    const { notesRoutes } = await import('@lingocast/contract')
    const seen = answer(200, { success: true, msg: 'ok' })
    await apiCall(notesRoutes.putNotes, { params: { file: 'a b/c_outline.txt' }, body: 'line 1\nline 2', headers: { 'x-notes-editor': 'ed-1' }, keepalive: true })
    expect(seen[0]!.url).toBe('/storage/api/config/a%20b%2Fc_outline.txt')
    expect(seen[0]!.init).toMatchObject({ method: 'PUT', body: 'line 1\nline 2', keepalive: true })
    expect(seen[0]!.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(seen[0]!.headers['x-notes-editor']).toBe('ed-1')
  })

  it('reads a plain-text answer as text, and a 404 as an ApiError with the server msg', async () => {
    const { notesRoutes } = await import('@lingocast/contract')
    answer(200, '{"looks":"like json"} but is text')
    expect(await apiText(notesRoutes.getNotes, { params: { file: 'x_outline.txt' } })).toBe('{"looks":"like json"} but is text')
    answer(404, { success: false, msg: 'No notes yet' })
    expect(await apiText(notesRoutes.getNotes, { params: { file: 'x_outline.txt' } }).catch((e: unknown) => e)).toMatchObject({ status: 404, msg: 'No notes yet' })
  })

  it('hands a streamed answer over piece by piece, and rejects a stream cut in the middle', async () => {
    const { tutorRoutes } = await import('@lingocast/contract')
    const body = { article_id: 1, user_messages: [{ role: 'user' as const, content: 'hi' }] }
    const pieces = ['Hel', 'lo ', 'there']
    vi.stubGlobal('fetch', async () => new Response(new ReadableStream({ start(c) { for (const p of pieces) c.enqueue(new TextEncoder().encode(p)); c.close() } })))
    const seen: string[] = []
    expect(await apiStream(tutorRoutes.chatExplainEnglish, { body }, (t) => seen.push(t))).toBe('Hello there')
    expect(seen).toEqual(['Hel', 'Hello ', 'Hello there'])

    let pulls = 0
    const cut = () =>
      new ReadableStream({
        pull(c) {
          if (pulls++ === 0) c.enqueue(new TextEncoder().encode('part'))
          else c.error(new TypeError('network error'))
        },
      })
    vi.stubGlobal('fetch', async () => new Response(cut()))
    const partial: string[] = []
    await expect(apiStream(tutorRoutes.chatExplainEnglish, { body }, (t) => partial.push(t))).rejects.toThrow()
    expect(partial).toEqual(['part'])

    answer(502, { success: false, msg: 'The AI tutor did not answer. Please try again.' })
    expect(await apiStream(tutorRoutes.chatExplainEnglish, { body }, () => {}).catch((e: unknown) => e)).toMatchObject({ status: 502 })
  })
})
