import type { OAuthProvider } from '@lingocast/contract'
import type { Config } from '../../config'
import { UpstreamError } from '../../lib/errors'
import { discardBody, readCapped, type SafeFetch } from '../../lib/safe-fetch'

/**
 * The two sign-in providers: GitHub's OAuth app flow and any OpenID Connect
 * provider found through discovery. Both use PKCE and read the profile from
 * the provider's API with the access token, so no ID-token signature needs
 * checking (the token comes straight from the provider's token endpoint).
 * Provider calls skip safeFetch's address check (their addresses come from
 * the operator's configuration, not from users) but not its guards: a
 * provider that hangs, trickles or answers a gigabyte fails the sign-in, never
 * the server.
 */
export interface ProviderProfile {
  subject: string
  email: string | undefined
  username: string
}

export interface OAuthClient {
  authorizeUrl(params: { redirectUri: string; state: string; codeChallenge: string }): Promise<string>
  exchange(params: { code: string; redirectUri: string; codeVerifier: string }): Promise<ProviderProfile>
}

const TIMEOUT_MS = 10_000
/** A discovery document, a token or a profile: a few KB; far more is not a provider's answer. */
const MAX_JSON_BYTES = 1024 * 1024

type Http = Pick<SafeFetch, 'fetch'>
type JsonInit = { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }

/** The provider's JSON answer; any failure (no answer, a cut or huge body, not JSON, not 2xx) is an UpstreamError. */
async function getJson(http: Http, url: string, init: JsonInit = {}, optional = false): Promise<Record<string, unknown> | undefined> {
  const where = new URL(url).pathname
  const res = await http
    .fetch(url, { ...init, headers: { accept: 'application/json', 'user-agent': 'lingocast', ...init.headers }, signal: AbortSignal.timeout(TIMEOUT_MS), eager: true })
    .catch((error: unknown) => {
      throw new UpstreamError(`Provider did not answer for ${where}`, { cause: error })
    })
  if (res.status < 200 || res.status > 299) {
    discardBody(res.body)
    if (optional) return undefined
    throw new UpstreamError(`Provider answered ${res.status} for ${where}`)
  }
  const bytes = await readCapped(res.body, MAX_JSON_BYTES).catch((error: unknown) => {
    throw new UpstreamError(`Provider's answer for ${where} could not be read`, { cause: error })
  })
  try {
    return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>
  } catch (error) {
    throw new UpstreamError(`Provider's answer for ${where} is not JSON`, { cause: error })
  }
}

const requireJson = async (http: Http, url: string, init: JsonInit = {}) => (await getJson(http, url, init))!

async function exchangeCode(http: Http, tokenUrl: string, form: Record<string, string>): Promise<string> {
  const body = await requireJson(http, tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })
  const accessToken = body.access_token
  if (typeof accessToken !== 'string' || !accessToken) {
    throw new UpstreamError(`Provider token exchange failed: ${String(body.error ?? 'no access_token')}`)
  }
  return accessToken
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

function githubClient(http: Http, github: NonNullable<Config['github']>): OAuthClient {
  return {
    async authorizeUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(`${github.url}/login/oauth/authorize`)
      url.search = new URLSearchParams({
        client_id: github.clientId,
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString()
      return url.toString()
    },
    async exchange({ code, redirectUri, codeVerifier }) {
      const accessToken = await exchangeCode(http, `${github.url}/login/oauth/access_token`, {
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      })
      const auth = { authorization: `Bearer ${accessToken}` }
      const user = await requireJson(http, `${github.apiUrl}/user`, { headers: auth })
      const id = user.id
      if (typeof id !== 'number' && typeof id !== 'string') throw new UpstreamError('GitHub returned no user id')
      const login = str(user.login) ?? `github-${id}`
      // Only a verified primary address may link to an existing account.
      const emails = (await getJson(http, `${github.apiUrl}/user/emails`, { headers: auth }, true)) as unknown as Array<{ email?: string; primary?: boolean; verified?: boolean }> | undefined
      const email = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified)?.email : undefined
      return { subject: String(id), email, username: login }
    },
  }
}

function oidcClient(http: Http, oidc: NonNullable<Config['oidc']>): OAuthClient {
  let discovery: Promise<{ authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string }> | undefined
  const discover = () =>
    (discovery ??= requireJson(http, `${oidc.issuer}/.well-known/openid-configuration`)
      .then((doc) => {
        const authorization_endpoint = str(doc.authorization_endpoint)
        const token_endpoint = str(doc.token_endpoint)
        const userinfo_endpoint = str(doc.userinfo_endpoint)
        if (!authorization_endpoint || !token_endpoint || !userinfo_endpoint) {
          throw new UpstreamError('OIDC discovery document lacks authorization, token or userinfo endpoint')
        }
        return { authorization_endpoint, token_endpoint, userinfo_endpoint }
      })
      .catch((error: unknown) => {
        discovery = undefined // retry discovery on the next sign-in
        throw error
      }))
  return {
    async authorizeUrl({ redirectUri, state, codeChallenge }) {
      const { authorization_endpoint } = await discover()
      const url = new URL(authorization_endpoint)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: oidc.clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString()
      return url.toString()
    },
    async exchange({ code, redirectUri, codeVerifier }) {
      const { token_endpoint, userinfo_endpoint } = await discover()
      const accessToken = await exchangeCode(http, token_endpoint, {
        grant_type: 'authorization_code',
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      })
      const info = await requireJson(http, userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } })
      const subject = str(info.sub)
      if (!subject) throw new UpstreamError('OIDC userinfo has no subject')
      const email = info.email_verified === true ? str(info.email) : undefined
      const username = str(info.preferred_username) ?? str(info.name) ?? str(info.email)?.split('@')[0] ?? subject
      return { subject, email, username }
    },
  }
}

/** `http`: the fetch for the operator's own endpoints (no address check, every guard). */
export function createOAuthClients(config: Pick<Config, 'github' | 'oidc'>, http: Http): Partial<Record<OAuthProvider, OAuthClient>> {
  return {
    ...(config.github && { github: githubClient(http, config.github) }),
    ...(config.oidc && { oidc: oidcClient(http, config.oidc) }),
  }
}
