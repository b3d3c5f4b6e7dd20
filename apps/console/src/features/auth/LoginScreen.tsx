import {
  DEMO_TOKEN,
  DEV_LOGIN_EMAIL,
  DEV_LOGIN_TOKEN,
  EMAIL_PATTERN,
  MSG,
  oauthPaths,
  RESEND_COUNTDOWN_SECONDS,
  VERIFICATION_CODE_LENGTH,
  type OAuthProvider,
} from '@lingocast/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { FullPageSpinner } from '../../components/ui/Spinner'
import { TextField } from '../../components/ui/TextField'
import { fetchUserInfo, loginOptionsQuery, loginWithCode, sendCode } from './api'
import { useAuth } from '../../lib/auth-context'
import { loginError, oauthReturnError, sendCodeError } from './messages'
import { useCountdown } from './useCountdown'

/** Where a provider sends the browser back to, with `?token=<one-time ticket>` or `?error=`. */
const OAUTH_JUMP = '/console/login'

export default function LoginScreen() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const options = useQuery(loginOptionsQuery())
  const client = useQueryClient()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  // The address the last code went to: the code step belongs to it, and editing the address leaves it.
  const [sentTo, setSentTo] = useState<string>()
  const [error, setError] = useState<string | undefined>(() => oauthReturnError(params.get('error')))
  const countdown = useCountdown()
  const codeInput = useRef<HTMLInputElement>(null)
  const returnedToken = params.get('token')

  const finish = (token: string, username: string, account?: string) => {
    auth.signIn(token, username, account)
    // Replace, so Back does not return to the login screen (or to a URL holding the token).
    navigate('/', { replace: true })
  }

  // The OAuth return: verify the token, store it, clean the URL, go home. The URL holds a one-time
  // ticket that the verification call exchanges for the session token; a URL holding anything else
  // (a session token planted in a link: login CSRF) signs nobody in.
  const tokenLogin = useMutation({
    mutationFn: async (ticket: string) => {
      const r = await fetchUserInfo(ticket)
      if (!r.token) throw new Error(MSG.invalidToken)
      return { token: r.token, username: r.username, account: r.user_id }
    },
    onSuccess: ({ token, username, account }) => finish(token, username, account),
    onError: () => {
      setError(MSG.invalidToken)
      setParams({}, { replace: true })
    },
  })
  const startedToken = useRef(false)
  const { mutate: verifyReturnedToken } = tokenLogin
  useEffect(() => {
    if (!returnedToken || startedToken.current) return
    startedToken.current = true
    verifyReturnedToken(returnedToken)
  }, [returnedToken, verifyReturnedToken])

  // The error is already in state; a reload should not show it again.
  useEffect(() => {
    if (params.has('error')) setParams({}, { replace: true })
  }, [params, setParams])

  const send = useMutation({
    mutationFn: sendCode,
    onSuccess: (_res, address) => {
      if (address !== sentTo) setCode('')
      setSentTo(address)
      countdown.start(RESEND_COUNTDOWN_SECONDS)
    },
    onError: (e) => setError(sendCodeError(e)),
  })

  // The code step shows for the address the code went to: an edited address goes back to Send Code
  // (the code box would say it was sent to the new address); editing it back returns to the step.
  const codeSent = sentTo !== undefined && email.trim() === sentTo
  // Focus the code box once a code is sent, so the user can type the mailed code at once
  // (not when an edited address comes back to the one the code went to: the user is typing there).
  useEffect(() => {
    if (send.isSuccess) codeInput.current?.focus()
  }, [send.isSuccess, send.submittedAt])

  const login = useMutation({
    mutationFn: () => loginWithCode(email.trim(), code.trim()),
    onSuccess: (res) => {
      if (res.msg !== 'ok') return setError(MSG.loginFailed)
      if (!res.token) return setError(MSG.noTokenReceived)
      finish(res.token, res.username, res.user_id)
    },
    onError: (e) => setError(loginError(e)),
  })

  if (auth.status === 'authenticated' && !returnedToken) return <Navigate to="/" replace />
  if (auth.status === 'checking' || (returnedToken && !tokenLogin.isError)) return <FullPageSpinner label="Checking sign-in" />

  const onSend = (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim()
    if (send.isPending || (countdown.left > 0 && address === sentTo)) return
    if (!EMAIL_PATTERN.test(address)) return setError(MSG.invalidEmail)
    setError(undefined)
    if (address.toLowerCase() !== DEV_LOGIN_EMAIL) return send.mutate(address)
    // The developer's address signs in without a code only when the server says so. Pressed before that
    // answer came (a slow server), Send Code waits for it instead of sending the developer a code.
    const devLogin = (on: boolean) => (on ? finish(DEV_LOGIN_TOKEN, 'dev') : send.mutate(address))
    if (options.data) return devLogin(options.data.devLogin)
    client.ensureQueryData(loginOptionsQuery()).then(
      (answer) => devLogin(answer.devLogin),
      () => devLogin(false),
    )
  }

  const onLogin = (event: FormEvent) => {
    event.preventDefault()
    if (login.isPending || !code.trim()) return
    if (!EMAIL_PATTERN.test(email.trim())) return setError(MSG.invalidEmail)
    setError(undefined)
    login.mutate()
  }

  const providers: Array<[OAuthProvider, string]> = []
  if (options.data?.github) providers.push(['github', 'Continue with GitHub'])
  if (options.data?.oidc) providers.push(['oidc', `Continue with ${options.data.oidc.name}`])

  const sendLabel = !codeSent ? 'Send Code' : countdown.left > 0 ? `Resend in ${countdown.left}s` : 'Resend Code'

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 sm:p-8">
        <div className="mb-8 text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-600">Lingocast</p>
          <h1 className="mt-2 text-lg font-semibold text-slate-900">Sign in to study</h1>
          <p className="mt-1 text-sm text-slate-500">Learn English from the podcasts and videos you love.</p>
        </div>

        {providers.length > 0 && (
          <>
            <div className="space-y-3">
              {providers.map(([provider, label]) => (
                // A plain link: the sign-in leaves the SPA for the provider and comes back with ?token=.
                <a
                  key={provider}
                  href={`${oauthPaths.start(provider)}?jump=${encodeURIComponent(OAUTH_JUMP)}`}
                  className="flex w-full items-center justify-center rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
                >
                  {label}
                </a>
              ))}
            </div>
            <div className="my-6 flex items-center gap-3 text-xs text-slate-400">
              <span className="h-px flex-1 bg-slate-200" />
              or continue with email
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          </>
        )}

        <form onSubmit={onSend} noValidate className="space-y-3">
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            type="submit"
            variant={codeSent ? 'secondary' : 'primary'}
            loading={send.isPending}
            disabled={codeSent && countdown.left > 0}
            className="w-full"
          >
            {sendLabel}
          </Button>
        </form>

        {codeSent && (
          <form onSubmit={onLogin} noValidate className="mt-6 space-y-3">
            <TextField
              ref={codeInput}
              label="Verification code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              hint={`We sent a ${VERIFICATION_CODE_LENGTH}-digit code to ${email.trim()}.`}
              className="text-center font-mono text-lg tracking-[0.4em]"
            />
            <Button type="submit" loading={login.isPending} className="w-full">
              Login
            </Button>
          </form>
        )}

        <p role="alert" className="mt-4 min-h-5 text-sm text-red-600">
          {error}
        </p>

        {options.data?.demo && (
          <p className="mt-2 text-center text-sm">
            <Link
              to="/"
              replace
              onClick={() => auth.signIn(DEMO_TOKEN, 'demo')}
              className="rounded font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Try the demo
            </Link>
          </p>
        )}
      </div>
    </main>
  )
}
