import { defineRoute } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError, createApiClient } from './client'

const formRoute = defineRoute({
  method: 'POST',
  path: '/user/api/loginByEmail',
  auth: 'none',
  bodyEncoding: 'form',
  body: z.object({ email: z.string(), code: z.string() }),
  response: z.object({ success: z.literal(true), token: z.string() }),
})
const bearerGet = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/article',
  auth: 'bearer',
  query: z.object({ id: z.string() }),
  response: z.object({ success: z.literal(true), n: z.number() }),
})
const jsonPost = defineRoute({
  method: 'POST',
  path: '/x',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: z.object({ a: z.number() }),
  response: z.object({ success: z.literal(true) }),
})

function stub(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

describe('apiCall', () => {
  it('sends form bodies url-encoded, without a bearer header on sign-in calls', async () => {
    const s = stub(200, { success: true, token: 't' })
    const call = createApiClient({ fetch: s.fetch, getToken: () => 'cookie-token' })
    expect(await call(formRoute, { body: { email: 'a@b.co', code: '123456' } })).toEqual({ success: true, token: 't' })
    expect(s.calls[0]!.init.body).toBe('email=a%40b.co&code=123456')
    expect((s.calls[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded')
    expect((s.calls[0]!.init.headers as Record<string, string>).authorization).toBeUndefined()
  })

  it('puts the query in the URL and the cookie token in the bearer header', async () => {
    const s = stub(200, { success: true, n: 1 })
    const call = createApiClient({ fetch: s.fetch, getToken: () => 'cookie-token' })
    await call(bearerGet, { query: { id: 'a b' } })
    expect(s.calls[0]!.url).toBe('/english_vocab/api/article?id=a+b')
    expect((s.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer cookie-token')
  })

  it('sends JSON bodies as JSON', async () => {
    const s = stub(200, { success: true })
    await createApiClient({ fetch: s.fetch, getToken: () => undefined })(jsonPost, { body: { a: 1 } })
    expect(s.calls[0]!.init.body).toBe('{"a":1}')
  })

  it('turns success:false into an ApiError with the server msg, even on HTTP 200', async () => {
    const call = createApiClient({ fetch: stub(200, { success: false, msg: 'Article not found' }).fetch, getToken: () => 't' })
    await expect(call(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 200, message: 'Article not found', fromServer: true })
  })

  it('keeps the status and falls back when the server sends no msg', async () => {
    const call = createApiClient({ fetch: stub(502, '<html>bad gateway</html>').fetch, getToken: () => 't' })
    const error = await call(bearerGet, { query: { id: '1' } }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, message: 'HTTP error 502', fromServer: false })
  })

  it('refuses a response that does not match the contract', async () => {
    const call = createApiClient({ fetch: stub(200, { success: true, n: 'one' }).fetch, getToken: () => 't' })
    await expect(call(bearerGet, { query: { id: '1' } })).rejects.toThrow('Received unexpected data format from API.')
  })

  it('reports a network failure as status 0', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed')
    }) as unknown as typeof fetch
    await expect(createApiClient({ fetch: failing, getToken: () => 't' })(bearerGet, { query: { id: '1' } })).rejects.toMatchObject({ status: 0 })
  })
})
