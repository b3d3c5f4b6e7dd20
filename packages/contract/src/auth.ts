import { z } from 'zod'
import { EMAIL_PATTERN } from './constants'
import { defineRoute } from './http'
import { MSG } from './messages'
import { lazySchema } from './lazy-schema'

const email = lazySchema(() => z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(254, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail))

const token = lazySchema(() => z.string().trim().max(512).optional())

/**
 * Not in the spec's answers (an added, optional field): the account's public id, a random UUID
 * that never changes and says nothing of other accounts (not the database's serial number). The
 * console keys what it keeps in the browser for this account (queued changes, downloads, kept
 * decks) by it, since a username is only a name.
 */
const userId = lazySchema(() => z.uuid().optional())

export const sendRegisterCode = defineRoute({
  method: 'POST',
  path: '/user/api/sendRegisterCode',
  auth: 'none',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ email })),
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.string() })),
})

export const loginByEmail = defineRoute({
  method: 'POST',
  path: '/user/api/loginByEmail',
  auth: 'none',
  bodyEncoding: 'form',
  body: lazySchema(() => z.object({
    email,
    code: z.string({ error: MSG.codeFormat }).trim().regex(/^\d{6}$/, MSG.codeFormat),
  })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    msg: z.literal('ok'),
    token: z.string(),
    username: z.string(),
    user_id: userId,
  })),
})

/** `token` travels in the form body as the spec says; a bearer header is read when the body has none. */
export const userInfo = defineRoute({
  method: 'POST',
  path: '/user/api/info',
  auth: 'none',
  bodyEncoding: 'form',
  body: lazySchema(() => z.object({ token })),
  response: lazySchema(() => z.object({
    success: z.literal(true),
    msg: z.literal('ok'),
    username: z.string(),
    user_id: userId,
    /** Only when `token` was the OAuth return's one-time ticket: the session token it was exchanged for. */
    token: z.string().optional(),
  })),
})

export const authCheck = defineRoute({
  method: 'POST',
  path: '/user/api/auth',
  auth: 'none',
  bodyEncoding: 'form',
  body: lazySchema(() => z.object({ token })),
  response: lazySchema(() => z.object({ success: z.literal(true) })),
})

export const logout = defineRoute({
  method: 'POST',
  path: '/user/api/logout',
  auth: 'none',
  bodyEncoding: 'form',
  body: lazySchema(() => z.object({ token })),
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok') })),
})

export const oauthProvider = lazySchema(() => z.enum(['github', 'oidc']))
export type OAuthProvider = z.infer<typeof oauthProvider>

/**
 * Which sign-in methods this server offers, so the login screen shows only
 * working buttons. Not in the spec's call table: the spec leaves the OAuth
 * host and the shortcut values to the implementation.
 */
export const loginOptions = defineRoute({
  method: 'GET',
  path: '/user/api/login-options',
  auth: 'none',
  response: lazySchema(() => z.object({
    success: z.literal(true),
    github: z.boolean(),
    oidc: z.object({ name: z.string() }).nullable(),
    devLogin: z.boolean(),
    demo: z.boolean(),
  })),
})

/** Browser redirects (not fetch calls): start at the provider, come back to the callback. */
export const oauthPaths = {
  start: (provider: OAuthProvider) => `/user/api/oauth/${provider}/start`,
  callback: (provider: OAuthProvider) => `/user/api/oauth/${provider}/callback`,
} as const

/** Query of the browser redirect that starts a provider sign-in; `jump` is where the token returns to. */
export const oauthStartQuery = lazySchema(() => z.object({ jump: z.string().max(200).optional() }))
export const oauthCallbackQuery = lazySchema(() => z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
}))
