import {
  CODE_MAX_WRONG_TRIES,
  CODE_TTL_MINUTES,
  CODES_PER_ADDRESS_PER_HOUR,
  DEMO_TOKEN,
  DEV_LOGIN_EMAIL,
  DEV_LOGIN_TOKEN,
  GUEST_TOKEN,
  MSG,
  SESSION_LIFETIME_DAYS,
} from '@lingocast/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { RateLimitedError, UnauthorizedError, UpstreamError, ValidationError } from '../../lib/errors'
import type { Mailer } from '../../lib/mailer'
import type { AuthRepo, UserRow } from './auth.repo'
import { generateCode, generateToken, hashCode, hashToken, isKnownDevice, knownDeviceCookie, normalizeEmail, sameHash, usernameFromEmail } from './secrets'

export interface SignedInUser {
  id: number
  username: string
}

/** What the sign-in answers tell the console of an account: its name and its public id (`user_id`). */
export interface AccountInfo {
  username: string
  userId: string
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/**
 * Codes one address may receive an hour from all clients together: only against mail bombing.
 * The brute-force ceiling is CODES_PER_ADDRESS_PER_HOUR per address and client (decision 0002).
 * Not held to this cap, so that strangers spread over many clients cannot lock the owner out (their
 * own cap of CODES_PER_ADDRESS_PER_HOUR still holds): a browser that signed in to the address
 * before (its known-device cookie), and a client that signed in to it by code within
 * SIGNED_IN_CLIENT_WINDOW_MS (the owner's phone on the same network, a browser without the cookie).
 */
export const CODES_PER_ADDRESS_ALL_CLIENTS_PER_HOUR = 20
/** How far back a client's sign-in to an address frees it from the all-clients cap: the day code rows are kept. */
export const SIGNED_IN_CLIENT_WINDOW_MS = DAY
/** The OAuth return's ticket is exchanged by the console at once; a minute covers a slow page load. */
export const TICKET_TTL_MS = 60_000
/** Tickets are told from session tokens by this prefix ('.' is not in base64url). */
const TICKET_PREFIX = 'ticket.'

/** The fixed shortcut tokens and the accounts they stand for, when enabled. */
function shortcutAccounts(config: Pick<Config, 'devLogin' | 'demo'>) {
  const map = new Map<string, { email: string; username: string }>()
  if (config.devLogin) map.set(DEV_LOGIN_TOKEN, { email: DEV_LOGIN_EMAIL, username: 'dev' })
  if (config.demo) {
    map.set(DEMO_TOKEN, { email: 'demo@lingocast.test', username: 'demo' })
    map.set(GUEST_TOKEN, { email: 'guest@lingocast.test', username: 'guest' })
  }
  return map
}

export function createAuthService(deps: {
  repo: AuthRepo
  mailer: Mailer
  config: Pick<Config, 'authSecret' | 'devLogin' | 'demo'>
  log: FastifyBaseLogger
}) {
  const { repo, mailer, log } = deps
  const shortcuts = shortcutAccounts(deps.config)
  let secret: Promise<string> | undefined
  const codeSecret = () =>
    (secret ??= deps.config.authSecret
      ? Promise.resolve(deps.config.authSecret)
      : repo.getOrCreateSetting('auth_secret', generateToken))

  const toSignedIn = (u: UserRow): SignedInUser => ({ id: u.id, username: u.username })
  const toAccount = (u: UserRow): AccountInfo => ({ username: u.username, userId: u.publicId })

  /** The user a token stands for, or undefined when it is unknown, expired or revoked. */
  async function userOfToken(token: string): Promise<UserRow | undefined> {
    const shortcut = shortcuts.get(token)
    if (shortcut) return repo.upsertUserByEmail(shortcut.email, shortcut.username)
    return repo.findUserByToken(hashToken(token))
  }

  async function issueToken(userId: number, tx?: Parameters<AuthRepo['insertToken']>[1]): Promise<string> {
    const token = generateToken()
    await repo.insertToken({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_DAYS * DAY) }, tx)
    return token
  }

  return {
    /**
     * `client` is the requester's address (IPv6 by /64): the hourly cap counts per address and
     * client, so a stranger's requests never use up the owner's codes; a much higher cap over all
     * clients only stops mail bombing, and does not hold for a browser that `cookies` show signed
     * in to this address before (known device), nor for a client that signed in to it by code in
     * the last day. Either proves someone there read the address's mail, which a stranger cannot
     * fake; each still gets only its own 5 an hour, so mail stays bounded.
     */
    async sendCode(rawEmail: string, client: string, cookies?: Record<string, string | undefined>): Promise<void> {
      const email = normalizeEmail(rawEmail)
      const code = generateCode()
      const secretValue = await codeSecret()
      const codeHash = hashCode(secretValue, email, code)
      const knownDevice = isKnownDevice(secretValue, email, cookies)
      const id = await repo.transaction(async (tx) => {
        await repo.lockAddress(email, tx)
        const recent = await repo.countCodesSince(email, client, new Date(Date.now() - 60 * MINUTE), tx)
        if (recent.client >= CODES_PER_ADDRESS_PER_HOUR) return undefined
        if (recent.all >= CODES_PER_ADDRESS_ALL_CLIENTS_PER_HOUR && !knownDevice) {
          const signedInHere = await repo.signedInFromSince(email, client, new Date(Date.now() - SIGNED_IN_CLIENT_WINDOW_MS), tx)
          if (!signedInHere) return undefined
        }
        return repo.insertCode({ email, client, codeHash, expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * MINUTE) }, tx)
      })
      if (id === undefined) throw new RateLimitedError(MSG.codeFlood)
      try {
        await mailer.send({
          to: email,
          subject: `Your Lingocast sign-in code: ${code}`,
          text: `Your sign-in code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.`,
        })
      } catch (error) {
        // The code was never delivered: do not let it count against the hourly cap.
        await repo.deleteCode(id)
        log.error({ err: error }, 'sending the sign-in code failed')
        throw new UpstreamError(MSG.failedToSendCode, { cause: error })
      }
    },

    /**
     * Checks the newest code that `client` asked for: another client's codes are out of its reach.
     * Signed in, the browser gets the address's known-device cookie (`device`).
     */
    async loginByEmail(rawEmail: string, code: string, client: string): Promise<AccountInfo & { token: string; device: { name: string; value: string } }> {
      const email = normalizeEmail(rawEmail)
      const secretValue = await codeSecret()
      const codeHash = hashCode(secretValue, email, code)
      // The wrong-try counter must be committed, so failures are returned out of
      // the transaction and thrown after it (a throw inside would roll it back).
      const outcome = await repo.transaction(async (tx) => {
        const row = await repo.latestCodeForUpdate(email, client, tx)
        if (!row) return { error: new ValidationError(MSG.codeMissing) }
        const matches = sameHash(row.codeHash, codeHash)
        if (row.usedAt) return { error: new ValidationError(matches ? MSG.codeUsed : MSG.codeMissing) }
        if (row.wrongTries >= CODE_MAX_WRONG_TRIES) return { error: new RateLimitedError(MSG.codeTooManyTries) }
        if (row.expiresAt.getTime() <= Date.now()) return { error: new ValidationError(MSG.codeExpired) }
        if (!matches) {
          await repo.addWrongTry(row.id, tx)
          return { error: new ValidationError(MSG.codeWrong) }
        }
        if (!(await repo.consumeCode(row.id, tx))) return { error: new ValidationError(MSG.codeUsed) }
        const user = await repo.upsertUserByEmail(email, usernameFromEmail(email), tx)
        return { token: await issueToken(user.id, tx), ...toAccount(user) }
      })
      if ('error' in outcome) throw outcome.error
      return { ...outcome, device: knownDeviceCookie(secretValue, email) }
    },

    /** The user a token stands for, or undefined when it is unknown, expired or revoked. */
    async resolveToken(token: string): Promise<SignedInUser | undefined> {
      const user = await userOfToken(token)
      return user && toSignedIn(user)
    },

    async requireToken(token: string | undefined): Promise<SignedInUser> {
      if (!token) throw new UnauthorizedError(MSG.tokenNotFound)
      const user = await this.resolveToken(token)
      if (!user) throw new UnauthorizedError(MSG.invalidToken)
      return user
    },

    /**
     * The console's verification call (spec 000 s2/s7, `POST /user/api/info`). A session token
     * answers its username and public id. A ticket of the OAuth return is exchanged, once and only in the
     * browser it was made for, for a new session token that the answer carries: a ticket or token
     * planted in a link therefore signs nobody in to the planter's account.
     */
    async userInfo(token: string | undefined, browser: string | undefined): Promise<AccountInfo & { token?: string }> {
      if (!token?.startsWith(TICKET_PREFIX)) {
        if (!token) throw new UnauthorizedError(MSG.tokenNotFound)
        const user = await userOfToken(token)
        if (!user) throw new UnauthorizedError(MSG.invalidToken)
        return toAccount(user)
      }
      const row = browser ? await repo.takeTicket(hashToken(token), hashToken(browser)) : undefined
      if (!row || row.expiresAt.getTime() <= Date.now()) throw new UnauthorizedError(MSG.invalidToken)
      const user = await repo.findUserById(row.userId)
      if (!user) throw new UnauthorizedError(MSG.invalidToken)
      return { ...toAccount(user), token: await issueToken(user.id) }
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) throw new UnauthorizedError(MSG.tokenNotFound)
      if (shortcuts.has(token)) return
      if (!(await repo.revokeToken(hashToken(token)))) throw new UnauthorizedError(MSG.invalidToken)
    },

    /**
     * Signs in an account of an OAuth/OIDC provider: a known identity, else the
     * user with the same verified email, else a new user. Returns a one-time
     * ticket for `userInfo`, bound to the browser (hash) that started the flow.
     */
    async signInWithProvider(
      profile: {
        provider: string
        subject: string
        email: string | undefined
        username: string
      },
      browserHash: string,
    ): Promise<string> {
      const email = profile.email && normalizeEmail(profile.email)
      const userId = await repo.transaction(async (tx) => {
        const identity = await repo.findIdentity(profile.provider, profile.subject, tx)
        if (identity) return identity.userId
        const existing = email ? await repo.findUserByEmail(email, tx) : undefined
        const user = existing ?? (await repo.createUser({ email: email ?? null, username: profile.username }, tx))
        await repo.linkIdentity(profile.provider, profile.subject, user.id, tx)
        return user.id
      })
      const ticket = TICKET_PREFIX + generateToken()
      await repo.insertTicket({ ticketHash: hashToken(ticket), userId, browserHash, expiresAt: new Date(Date.now() + TICKET_TTL_MS) })
      return ticket
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
