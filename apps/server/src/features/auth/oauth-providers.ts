import type { OAuthProvider } from '@lingocast/contract'
import type { Config } from '../../config'
import { UpstreamError } from '../../lib/errors'

/**
 * The two sign-in providers: GitHub's OAuth app flow and any OpenID Connect
 * provider found through discovery. Both use PKCE and read the profile from
 * the provider's API with the access token, so no ID-token signature needs
 * checking (the token comes straight from the provider's token endpoint).
 * Provider calls are exempt from safeFetch: their addresses come from the
 * operator's configuration, not from users.
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

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', 'user-agent': 'lingocast', ...init.headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!res.ok) throw new UpstreamError(`Provider answered ${res.status} for ${new URL(url).pathname}`)
  return (await res.json()) as Record<string, unknown>
}

async function exchangeCode(tokenUrl: string, form: Record<string, string>): Promise<string> {
  const body = await getJson(tokenUrl, {
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

function githubClient(github: NonNullable<Config['github']>): OAuthClient {
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
      const accessToken = await exchangeCode(`${github.url}/login/oauth/access_token`, {
        client_id: github.clientId,
        client_secret: github.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      })
      const auth = { authorization: `Bearer ${accessToken}` }
      const user = await getJson(`${github.apiUrl}/user`, { headers: auth })
      const id = user.id
      if (typeof id !== 'number' && typeof id !== 'string') throw new UpstreamError('GitHub returned no user id')
      const login = str(user.login) ?? `github-${id}`
      // Only a verified primary address may link to an existing account.
      const emailsRes = await fetch(`${github.apiUrl}/user/emails`, {
        headers: { ...auth, accept: 'application/json', 'user-agent': 'lingocast' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      let email: string | undefined
      if (emailsRes.ok) {
        const emails = (await emailsRes.json()) as Array<{ email?: string; primary?: boolean; verified?: boolean }>
        email = emails.find((e) => e.primary && e.verified)?.email
      }
      return { subject: String(id), email, username: login }
    },
  }
}

function oidcClient(oidc: NonNullable<Config['oidc']>): OAuthClient {
  let discovery: Promise<{ authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string }> | undefined
  const discover = () =>
    (discovery ??= getJson(`${oidc.issuer}/.well-known/openid-configuration`)
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
      const accessToken = await exchangeCode(token_endpoint, {
        grant_type: 'authorization_code',
        client_id: oidc.clientId,
        client_secret: oidc.clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      })
      const info = await getJson(userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}` } })
      const subject = str(info.sub)
      if (!subject) throw new UpstreamError('OIDC userinfo has no subject')
      const email = info.email_verified === true ? str(info.email) : undefined
      const username = str(info.preferred_username) ?? str(info.name) ?? str(info.email)?.split('@')[0] ?? subject
      return { subject, email, username }
    },
  }
}

export function createOAuthClients(config: Pick<Config, 'github' | 'oidc'>): Partial<Record<OAuthProvider, OAuthClient>> {
  return {
    ...(config.github && { github: githubClient(config.github) }),
    ...(config.oidc && { oidc: oidcClient(config.oidc) }),
  }
}
