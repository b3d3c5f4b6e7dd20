import { DEMO_TOKEN, DEV_LOGIN_TOKEN, GUEST_TOKEN, MSG } from '@lingocast/contract'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, form, type TestApp } from '../../../../../test/app'
import { startSmtpServer, type SmtpServer } from '../../../../../test/smtp'

let smtp: SmtpServer
let t: TestApp

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await buildTestApp({ smtpUrl: smtp.url, signinIpLimitPerHour: 1000 })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const sendCode = (email: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email }, remoteAddress: ip })
const login = (email: string, code: string, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/user/api/loginByEmail', ...form({ email, code }), remoteAddress: ip })
const info = (token: string) => t.app.inject({ method: 'POST', url: '/user/api/info', ...form({ token }) })
const auth = (token: string) => t.app.inject({ method: 'POST', url: '/user/api/auth', ...form({ token }) })
const logout = (token: string) => t.app.inject({ method: 'POST', url: '/user/api/logout', ...form({ token }) })

async function signIn(email: string): Promise<string> {
  expect((await sendCode(email)).json()).toEqual({ success: true, msg: 'ok' })
  const res = await login(email, await smtp.codeFor(email))
  expect(res.statusCode).toBe(200)
  return res.json().token
}

/** A code that is certainly not the one mailed. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('email code sign-in', () => {
  it('mails a 6-digit code over SMTP and exchanges it for a working token', async () => {
    expect((await sendCode('Alice@Example.com')).statusCode).toBe(200)
    const code = await smtp.codeFor('alice@example.com')
    expect(code).toMatch(/^\d{6}$/)

    const res = await login('alice@example.com', code)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ success: true, msg: 'ok', username: 'alice' })
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/) // 32 random bytes, base64url

    expect((await info(body.token)).json()).toEqual({ success: true, msg: 'ok', username: 'alice', user_id: body.user_id })
    expect((await auth(body.token)).json()).toEqual({ success: true })
    // The bearer header works where the body carries no token.
    const viaHeader = await t.app.inject({ method: 'POST', url: '/user/api/info', headers: { authorization: `Bearer ${body.token}` }, payload: {} })
    expect(viaHeader.json().username).toBe('alice')
  })

  it('stores codes as an HMAC and tokens as SHA-256, never in clear', async () => {
    const token = await signIn('hashes@example.com')
    const code = await smtp.codeFor('hashes@example.com')
    const codes = await t.db.database.pool.query('SELECT code_hash FROM email_codes WHERE email = $1', ['hashes@example.com'])
    expect(codes.rows).toHaveLength(1)
    expect(codes.rows[0].code_hash).not.toContain(code)
    expect(codes.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/)
    const tokens = await t.db.database.pool.query('SELECT token_hash FROM auth_tokens')
    expect(tokens.rows.map((r) => r.token_hash)).not.toContain(token)
  })

  it('accepts JSON as well as a form for the form calls', async () => {
    await sendCode('json@example.com')
    const res = await t.app.inject({ method: 'POST', url: '/user/api/loginByEmail', payload: { email: 'json@example.com', code: await smtp.codeFor('json@example.com') } })
    expect(res.json()).toMatchObject({ success: true, msg: 'ok', username: 'json' })
  })

  it.each([['not-an-email'], ['a@b'], ['two words@example.com'], [''], [undefined], [42]])('refuses the address %j with the spec text', async (email) => {
    const res = await sendCode(email)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: MSG.invalidEmail })
  })

  it('refuses a code that is not 6 digits before looking it up', async () => {
    const res = await login('alice@example.com', '12ab')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: MSG.codeFormat })
  })

  it('refuses a wrong code, then locks the code on the 6th try even when it is right', async () => {
    await sendCode('tries@example.com')
    const code = await smtp.codeFor('tries@example.com')
    for (let i = 0; i < 5; i++) {
      const res = await login('tries@example.com', wrong(code))
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ success: false, msg: MSG.codeWrong })
    }
    const sixth = await login('tries@example.com', code)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toEqual({ success: false, msg: MSG.codeTooManyTries })
  })

  it('refuses an expired code', async () => {
    await sendCode('late@example.com')
    const code = await smtp.codeFor('late@example.com')
    await t.db.database.pool.query("UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE email = $1", ['late@example.com'])
    const res = await login('late@example.com', code)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: MSG.codeExpired })
  })

  it('refuses a code used once already', async () => {
    await sendCode('reuse@example.com')
    const code = await smtp.codeFor('reuse@example.com')
    expect((await login('reuse@example.com', code)).statusCode).toBe(200)
    const again = await login('reuse@example.com', code)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ success: false, msg: MSG.codeUsed })
  })

  it('lets only the newest code count', async () => {
    await sendCode('newest@example.com')
    const first = await smtp.codeFor('newest@example.com')
    await sendCode('newest@example.com')
    await expect.poll(() => smtp.mailsTo('newest@example.com').length).toBe(2)
    const second = await smtp.codeFor('newest@example.com')
    if (first !== second) expect((await login('newest@example.com', first)).json().msg).toBe(MSG.codeWrong)
    expect((await login('newest@example.com', second)).statusCode).toBe(200)
  })

  it('refuses a code for an address that never asked for one', async () => {
    const res = await login('nobody@example.com', '123456')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, msg: MSG.codeMissing })
  })

  it('caps codes at 5 an hour per address and client and sends no mail past the cap', async () => {
    for (let i = 0; i < 5; i++) expect((await sendCode('flood@example.com')).statusCode).toBe(200)
    await expect.poll(() => smtp.mailsTo('flood@example.com').length).toBe(5)
    const sixth = await sendCode('FLOOD@example.com')
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toEqual({ success: false, msg: MSG.codeFlood })
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.mailsTo('flood@example.com')).toHaveLength(5)
  })

  it('keeps the cap under concurrent requests', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => sendCode('race@example.com')))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5)
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3)
  })
})

// Decision 0002: a stranger's requests must not lock an address's owner out.
describe('sign-in codes of an address asked for by several clients', () => {
  const owner = '10.20.0.2'
  const stranger = '10.20.0.1'

  it("sends the owner a code that works after a stranger used up the stranger's 5", async () => {
    const email = 'target@example.com'
    for (let i = 0; i < 5; i++) expect((await sendCode(email, stranger)).statusCode).toBe(200)
    expect((await sendCode(email, stranger)).json()).toEqual({ success: false, msg: MSG.codeFlood })
    // The stranger's wrong guesses exhaust the stranger's own code, not the owner's.
    for (let i = 0; i < 5; i++) await login(email, '000000', stranger)
    expect((await login(email, '000000', stranger)).json()).toEqual({ success: false, msg: MSG.codeTooManyTries })

    expect((await sendCode(email, owner)).json()).toEqual({ success: true, msg: 'ok' })
    await expect.poll(() => smtp.mailsTo(email).length).toBe(6)
    const code = await smtp.codeFor(email)
    // Another stranger's request after the owner's retires nothing of the owner's.
    expect((await sendCode(email, '10.20.0.3')).statusCode).toBe(200)
    await expect.poll(() => smtp.mailsTo(email).length).toBe(7)
    const res = await login(email, code, owner)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ success: true, msg: 'ok', username: 'target' })
  })

  it("keeps a code to the client that asked for it: a stranger's guesses never reach it", async () => {
    const email = 'mine@example.com'
    await sendCode(email, owner)
    const code = await smtp.codeFor(email)
    expect((await login(email, code, stranger)).json()).toEqual({ success: false, msg: MSG.codeMissing })
    expect((await login(email, code, owner)).statusCode).toBe(200)
  })

  it('stops mail bombing: at most 20 codes an hour to one address from all clients together', async () => {
    const email = 'bombed@example.com'
    for (let i = 0; i < 20; i++) expect((await sendCode(email, `10.30.0.${i + 1}`)).statusCode).toBe(200)
    const over = await sendCode(email, '10.30.1.1')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({ success: false, msg: MSG.codeFlood })
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.mailsTo(email)).toHaveLength(20)
  })

  it('counts an IPv6 client by its /64, so rotating privacy addresses do not multiply its codes', async () => {
    const email = 'v6@example.com'
    for (let i = 0; i < 5; i++) expect((await sendCode(email, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(200)
    expect((await sendCode(email, '2001:db8:1:2:ffff::9')).statusCode).toBe(429)
    expect((await sendCode(email, '2001:db8:1:3::1')).statusCode).toBe(200)
  })
})

// The same, the rest: strangers spread over enough clients use up the all-clients cap. A browser
// that signed in to the address before carries a known-device cookie, and is not held to that cap.
describe('a known device of an address', () => {
  const ownerIp = '10.40.0.100'
  const cookieHeader = (cookies: Record<string, string>) => Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ')
  const sendCodeWith = (email: string, ip: string, cookies: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email }, remoteAddress: ip, headers: { cookie: cookieHeader(cookies) } })

  /** Signs in by code from the owner's browser; the known-device cookie the answer sets. */
  async function signInForCookie(email: string, ip = ownerIp): Promise<{ name: string; value: string }> {
    expect((await sendCode(email, ip)).statusCode).toBe(200)
    const res = await login(email, await smtp.codeFor(email), ip)
    expect(res.statusCode, res.body).toBe(200)
    const device = res.cookies.find((c) => c.name.startsWith('known_device_'))
    expect(device, 'a known-device cookie on sign-in').toBeDefined()
    expect(device).toMatchObject({ path: '/user/api', httpOnly: true, sameSite: 'Lax' })
    expect(device!.maxAge).toBeGreaterThanOrEqual(30 * 24 * 3600)
    // Bound to the address, not readable as it: neither the name nor the value holds it.
    expect(device!.name + device!.value).not.toContain('owner')
    return { name: device!.name, value: device!.value }
  }

  it('gets the owner a code after strangers on 5 clients used up the all-clients cap; without the cookie, or with a forged or another address\'s, it does not', async () => {
    const email = 'owner@example.com'
    const device = await signInForCookie(email)
    const otherDevice = await signInForCookie('someone-else@example.com')
    await expect.poll(() => smtp.mailsTo(email).length).toBe(1)

    // Strangers on 5 clients, 4 requests each: the owner's sign-in and 19 of theirs make the 20.
    for (let client = 1; client <= 5; client++) for (let i = 0; i < 4; i++) await sendCode(email, `10.40.1.${client}`)
    await expect.poll(() => smtp.mailsTo(email).length).toBe(20)
    expect((await sendCode(email, '10.40.1.6')).json()).toEqual({ success: false, msg: MSG.codeFlood })

    // The owner's laptop, now on another network, has asked for nothing, yet without the cookie it is
    // refused. (Where the owner signed in, the client address itself is now let through: the four-client case below.)
    const laptop = '10.40.2.1'
    const bare = await sendCode(email, laptop)
    expect(bare.statusCode).toBe(429)
    expect(bare.json()).toEqual({ success: false, msg: MSG.codeFlood })
    // Another address's known-device cookie, a tampered one, or one re-dated, give nothing.
    const [issued, mac] = device.value.split('.') as [string, string]
    const tampered = mac.slice(0, -1) + (mac.endsWith('0') ? '1' : '0')
    for (const cookies of [
      { [otherDevice.name]: otherDevice.value },
      { [device.name]: otherDevice.value },
      { [device.name]: `${issued}.${tampered}` },
      { [device.name]: `${Number(issued) + 1}.${mac}` },
      { known_device: device.value },
    ]) {
      const res = await sendCodeWith(email, laptop, cookies)
      expect(res.json(), JSON.stringify(cookies)).toEqual({ success: false, msg: MSG.codeFlood })
    }
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.mailsTo(email)).toHaveLength(20)

    // With the cookie of the earlier sign-in the owner gets a code wherever the laptop is, and it signs in.
    const res = await sendCodeWith(email, laptop, { [device.name]: device.value })
    expect(res.json()).toEqual({ success: true, msg: 'ok' })
    await expect.poll(() => smtp.mailsTo(email).length).toBe(21)
    const signedIn = await login(email, await smtp.codeFor(email), laptop)
    expect(signedIn.json()).toMatchObject({ success: true, msg: 'ok', username: 'owner' })
  })

  // The four-client case: "a stranger using 4 client addresses can still use up an address's 20 codes an hour and lock its owner out".
  it('after a stranger on 4 client addresses used up the cap, still mails the owner a code from the known device and from the client address that signed in; not to another stranger', async () => {
    const email = 'four-clients@example.com'
    const home = '10.60.0.1'
    const away = '10.60.9.9'
    const strangers = ['10.61.0.1', '10.61.0.2', '10.61.0.3', '10.61.0.4']
    // The owner signs in by code at home; that browser keeps the known-device cookie.
    const device = await signInForCookie(email, home)
    await expect.poll(() => smtp.mailsTo(email).length).toBe(1)

    // The stranger asks 5 times from each of 4 addresses: the owner's code and 19 of theirs make the 20.
    const answers: number[] = []
    for (const ip of strangers) for (let i = 0; i < 5; i++) answers.push((await sendCode(email, ip)).statusCode)
    expect(answers.filter((s) => s === 200)).toHaveLength(19)
    expect(answers.at(-1)).toBe(429)
    await expect.poll(() => smtp.mailsTo(email).length).toBe(20)
    // Guessing does not make a client one that signed in: the stranger's wrong tries free nothing.
    await login(email, '000000', strangers[0]!)
    expect((await sendCode(email, strangers[0]!)).json()).toEqual({ success: false, msg: MSG.codeFlood })
    // Another stranger address gets nothing.
    const fifth = await sendCode(email, '10.61.0.5')
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json()).toEqual({ success: false, msg: MSG.codeFlood })
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.mailsTo(email)).toHaveLength(20)

    // The owner's known device, wherever it is now, gets a code mailed, and it signs in.
    expect((await sendCodeWith(email, away, { [device.name]: device.value })).json()).toEqual({ success: true, msg: 'ok' })
    await expect.poll(() => smtp.mailsTo(email).length).toBe(21)
    expect((await login(email, await smtp.codeFor(email), away)).json()).toMatchObject({ success: true, msg: 'ok', username: 'four-clients' })

    // The client address that signed in gets a code without any cookie (another browser, the phone on the
    // same network), and it signs in.
    expect((await sendCode(email, home)).json()).toEqual({ success: true, msg: 'ok' })
    await expect.poll(() => smtp.mailsTo(email).length).toBe(22)
    expect((await login(email, await smtp.codeFor(email), home)).json()).toMatchObject({ success: true, msg: 'ok', username: 'four-clients' })

    // The stranger's addresses still get nothing.
    for (const ip of [...strangers, '10.61.0.5']) expect((await sendCode(email, ip)).json(), ip).toEqual({ success: false, msg: MSG.codeFlood })
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.mailsTo(email)).toHaveLength(22)
  })

  it('holds the client address that signed in to its own 5 an hour, and only for a day after its sign-in', async () => {
    const email = 'home-client@example.com'
    const home = '10.62.0.1'
    await signInForCookie(email, home)
    for (let client = 1; client <= 4; client++) for (let i = 0; i < 5; i++) await sendCode(email, `10.63.0.${client}`)
    expect((await sendCode(email, '10.63.0.5')).statusCode).toBe(429)

    // Its own 5 an hour: the sign-in's code and 4 more.
    for (let i = 0; i < 4; i++) expect((await sendCode(email, home)).statusCode).toBe(200)
    expect((await sendCode(email, home)).json()).toEqual({ success: false, msg: MSG.codeFlood })

    // A sign-in more than a day ago frees nothing: with a fresh hour for the client, the all-clients cap holds again.
    const { db } = t.db.database
    await db.execute(sql`update email_codes set created_at = now() - interval '2 hours' where email = ${email} and client = ${home}`)
    await db.execute(sql`update email_codes set created_at = now() - interval '25 hours', used_at = now() - interval '25 hours' where email = ${email} and used_at is not null`)
    for (let client = 1; client <= 4; client++) await sendCode(email, `10.63.0.${client}`)
    expect((await sendCode(email, home)).json()).toEqual({ success: false, msg: MSG.codeFlood })
    await db.execute(sql`update email_codes set created_at = now() - interval '23 hours', used_at = now() - interval '23 hours' where email = ${email} and used_at is not null`)
    expect((await sendCode(email, home)).json()).toEqual({ success: true, msg: 'ok' })
  })

  it("still holds a known device to its own client's 5 codes an hour", async () => {
    const email = 'careful@example.com'
    const device = await signInForCookie(email)
    for (let i = 0; i < 4; i++) expect((await sendCodeWith(email, ownerIp, { [device.name]: device.value })).statusCode).toBe(200)
    const sixth = await sendCodeWith(email, ownerIp, { [device.name]: device.value })
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json()).toEqual({ success: false, msg: MSG.codeFlood })
  })
})

describe('tokens', () => {
  it('revokes the token on logout and refuses it afterwards', async () => {
    const token = await signIn('bye@example.com')
    expect((await logout(token)).json()).toEqual({ success: true, msg: 'ok' })
    for (const res of [await info(token), await auth(token), await logout(token)]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, msg: MSG.invalidToken })
    }
  })

  it('keeps one user signed in when another logs out', async () => {
    const a = await signIn('user-a@example.com')
    const b = await signIn('user-b@example.com')
    await logout(b)
    expect((await info(a)).json().username).toBe('user-a')
    expect((await info(b)).statusCode).toBe(401)
  })

  it('refuses an expired token', async () => {
    const token = await signIn('old@example.com')
    await t.db.database.pool.query(
      "UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      ['old@example.com'],
    )
    expect((await auth(token)).json()).toEqual({ success: false, msg: MSG.invalidToken })
  })

  it('answers a missing token with the spec text', async () => {
    for (const url of ['/user/api/info', '/user/api/auth', '/user/api/logout']) {
      const res = await t.app.inject({ method: 'POST', url, ...form({}) })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, msg: MSG.tokenNotFound })
    }
  })

  it('does not know the shortcut tokens unless DEV_LOGIN or DEMO is set', async () => {
    for (const token of [DEV_LOGIN_TOKEN, DEMO_TOKEN, GUEST_TOKEN]) expect((await auth(token)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/user/api/login-options' })).json()).toEqual({
      success: true,
      github: false,
      oidc: null,
      devLogin: false,
      demo: false,
    })
  })
})

describe('shortcut tokens', () => {
  it('signs in the developer and the demo accounts when enabled, and keeps them across logout', async () => {
    const s = await buildTestApp({ devLogin: true, demo: true })
    try {
      const call = (url: string, token: string) => s.app.inject({ method: 'POST', url, ...form({ token }) })
      expect((await call('/user/api/info', DEV_LOGIN_TOKEN)).json().username).toBe('dev')
      expect((await call('/user/api/info', DEMO_TOKEN)).json().username).toBe('demo')
      expect((await call('/user/api/info', GUEST_TOKEN)).json().username).toBe('guest')
      expect((await call('/user/api/logout', DEMO_TOKEN)).json()).toEqual({ success: true, msg: 'ok' })
      expect((await call('/user/api/auth', DEMO_TOKEN)).json()).toEqual({ success: true })
      expect((await s.app.inject({ method: 'GET', url: '/user/api/login-options' })).json()).toMatchObject({ devLogin: true, demo: true })
    } finally {
      await s.close()
    }
  })
})

describe('mail delivery', () => {
  it('answers 502 with the spec text when SMTP is down, and does not count the lost code', async () => {
    const s = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1' })
    try {
      const res = await s.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email: 'down@example.com' } })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toEqual({ success: false, msg: MSG.failedToSendCode })
      const rows = await s.db.database.pool.query('SELECT count(*)::int AS n FROM email_codes')
      expect(rows.rows[0].n).toBe(0)
    } finally {
      await s.close()
    }
  })

  it('writes the code to the server log when no SMTP is configured', async () => {
    const lines: string[] = []
    const s = await buildTestApp({ smtpUrl: undefined }, { logLines: lines })
    try {
      await s.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email: 'solo@example.com' } })
      const code = /code is (\d{6})/.exec(lines.join('\n'))?.[1]
      expect(code).toBeDefined()
      const res = await s.app.inject({ method: 'POST', url: '/user/api/loginByEmail', ...form({ email: 'solo@example.com', code: code! }) })
      expect(res.json()).toMatchObject({ success: true, username: 'solo' })
    } finally {
      await s.close()
    }
  })
})

describe('per-IP limits', () => {
  it('refuses the sign-in calls past the hourly cap of one address, in the spec shape', async () => {
    const s = await buildTestApp({ signinIpLimitPerHour: 3 })
    try {
      const send = (email: string, ip: string) =>
        s.app.inject({ method: 'POST', url: '/user/api/sendRegisterCode', payload: { email }, remoteAddress: ip })
      for (let i = 0; i < 3; i++) expect((await send(`ip${i}@example.com`, '10.9.9.9')).statusCode).toBe(200)
      const over = await send('ip4@example.com', '10.9.9.9')
      expect(over.statusCode).toBe(429)
      expect(over.json()).toEqual({ success: false, msg: MSG.tooManyRequests })
      // Another address is not affected.
      expect((await send('ip5@example.com', '10.9.9.8')).statusCode).toBe(200)
    } finally {
      await s.close()
    }
  })
})
