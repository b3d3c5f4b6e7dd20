import { authRoutes, TOKEN_COOKIE } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { EARLY_AUTH_CHECK_PATH, EARLY_TOKEN_COOKIE, sendEarlySignInCheck } from './sign-in-request'

/** A fetch that records what it was asked and answers 200 with `{success:true}`. */
function recordingFetch() {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = []
  const send = ((url: string, init?: RequestInit) => {
    calls.push({ url, init })
    return Promise.resolve(new Response('{"success":true}', { status: 200 }))
  }) as typeof fetch
  return { calls, send }
}

describe("the page's first script's sign-in check", () => {
  it("uses the contract's cookie name and the authCheck route's path and method", () => {
    expect(EARLY_TOKEN_COOKIE).toBe(TOKEN_COOKIE)
    expect(EARLY_AUTH_CHECK_PATH).toBe(authRoutes.authCheck.path)
    expect(authRoutes.authCheck.method).toBe('POST')
    expect(authRoutes.authCheck.bodyEncoding).toBe('form')
  })

  it('sends the Token cookie as the form body of the check, decoded as the console stores it', async () => {
    const { calls, send } = recordingFetch()
    const check = sendEarlySignInCheck(`username=ann; ${TOKEN_COOKIE}=${encodeURIComponent('t0k/en+=')}; other=1`, send)
    expect(check?.token).toBe('t0k/en+=')
    expect(check?.path).toBe(authRoutes.authCheck.path)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe(authRoutes.authCheck.path)
    expect(calls[0]!.init?.method).toBe('POST')
    expect(new URLSearchParams(String(calls[0]!.init?.body)).get('token')).toBe('t0k/en+=')
    expect((calls[0]!.init?.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded')
    expect((await check!.response).status).toBe(200)
  })

  it('sends nothing without a token (an anonymous visit, or an emptied cookie)', () => {
    const { calls, send } = recordingFetch()
    expect(sendEarlySignInCheck('username=ann', send)).toBeUndefined()
    expect(sendEarlySignInCheck(`${TOKEN_COOKIE}=`, send)).toBeUndefined()
    expect(sendEarlySignInCheck('', send)).toBeUndefined()
    expect(calls).toHaveLength(0)
  })
})
