import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'

export interface ProviderAccount {
  id: string
  login: string
  email: string
  emailVerified: boolean
}

/**
 * A small OAuth 2 / OpenID Connect provider on loopback, speaking the real
 * protocol: GitHub's authorize, access_token, /user and /user/emails, and
 * OIDC discovery, authorize, token and userinfo. The "user" approves at once.
 * PKCE is checked, codes are single use.
 */
export async function startOAuthProvider(account: ProviderAccount, client = { id: 'client-1', secret: 'secret-1' }) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>()
  const tokens = new Set<string>()
  const seen: string[] = []

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    seen.push(`${req.method} ${url.pathname}`)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const readForm = async () => {
      const chunks: Buffer[] = []
      for await (const c of req) chunks.push(c as Buffer)
      return new URLSearchParams(Buffer.concat(chunks).toString())
    }
    const bearerOk = () => tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))

    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: base,
        authorization_endpoint: `${base}/oidc/authorize`,
        token_endpoint: `${base}/oidc/token`,
        userinfo_endpoint: `${base}/oidc/userinfo`,
      })
    }
    if (url.pathname === '/login/oauth/authorize' || url.pathname === '/oidc/authorize') {
      const p = url.searchParams
      if (p.get('client_id') !== client.id || p.get('code_challenge_method') !== 'S256') return json(400, { error: 'invalid_request' })
      const code = randomBytes(8).toString('hex')
      codes.set(code, { challenge: p.get('code_challenge') ?? '', redirectUri: p.get('redirect_uri') ?? '' })
      const back = new URL(p.get('redirect_uri') ?? '')
      back.searchParams.set('code', code)
      back.searchParams.set('state', p.get('state') ?? '')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (url.pathname === '/login/oauth/access_token' || url.pathname === '/oidc/token') {
      const form = await readForm()
      const entry = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const verifier = form.get('code_verifier') ?? ''
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      if (!entry || form.get('client_secret') !== client.secret || entry.challenge !== challenge || entry.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant' })
      }
      const token = randomBytes(12).toString('hex')
      tokens.add(token)
      return json(200, { access_token: token, token_type: 'bearer' })
    }
    if (!bearerOk()) return json(401, { message: 'Bad credentials' })
    if (url.pathname === '/api/user') return json(200, { id: Number(account.id), login: account.login })
    if (url.pathname === '/api/user/emails') return json(200, [{ email: account.email, primary: true, verified: account.emailVerified }])
    if (url.pathname === '/oidc/userinfo') {
      return json(200, { sub: account.id, email: account.email, email_verified: account.emailVerified, preferred_username: account.login })
    }
    return json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    base,
    client,
    seen,
    githubConfig: { clientId: client.id, clientSecret: client.secret, url: base, apiUrl: `${base}/api` },
    oidcConfig: { issuer: base, clientId: client.id, clientSecret: client.secret, name: 'Loopback SSO' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
