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
import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api'
import { Button } from '../../components/ui/Button'
import { FullPageSpinner } from '../../components/ui/Spinner'
import { fetchUserInfo, loginOptionsQuery, loginWithCode, sendCode } from './api'
import { useAuth } from './auth-context'
import { useCountdown } from './useCountdown'

/** Server msg as is when it sent one; else the spec's fallback. */
function messageOf(error: unknown, fallback: (status: number) => string): string {
  if (error instanceof ApiError) return error.fromServer ? error.message : fallback(error.status)
  return fallback(0)
}

export default function LoginScreen() {
  const auth = useAuth()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const options = useQuery(loginOptionsQuery())
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const [codeSent, setCodeSent] = useState(false)
  const [error, setError] = useState<string | undefined>(() => params.get('error') ?? undefined)
  const countdown = useCountdown()
  const codeInput = useRef<HTMLInputElement>(null)
  const returnedToken = params.get('token')

  const finish = (token: string, username: string) => {
    auth.signIn(token, username)
    navigate('/', { replace: true })
  }

  // The OAuth return: verify the token, store it, clean the URL, go home.
  const tokenLogin = useMutation({
    mutationFn: (token: string) => fetchUserInfo(token).then((r) => ({ token, username: r.username })),
    onSuccess: ({ token, username }) => finish(token, username),
    onError: () => {
      setError(MSG.invalidToken)
      setParams({}, { replace: true })
    },
  })
  const startedToken = useRef(false)
  useEffect(() => {
    if (!returnedToken || startedToken.current) return
    startedToken.current = true
    tokenLogin.mutate(returnedToken)
  }, [returnedToken, tokenLogin])

  const send = useMutation({
    mutationFn: (address: string) => sendCode(address),
    onSuccess: () => {
      setCodeSent(true)
      countdown.start(RESEND_COUNTDOWN_SECONDS)
      setTimeout(() => codeInput.current?.focus(), 0)
    },
    onError: (e) => setError(messageOf(e, () => MSG.failedToSendCode)),
  })

  const login = useMutation({
    mutationFn: () => loginWithCode(email.trim(), code.trim()),
    onSuccess: (res) => {
      if (res.msg !== 'ok') return setError(MSG.loginFailed)
      if (!res.token) return setError(MSG.noTokenReceived)
      finish(res.token, res.username)
    },
    onError: (e) => setError(messageOf(e, (status) => (status ? `${MSG.loginFailed}: ${status}` : MSG.loginFailed))),
  })

  if (auth.status === 'authenticated' && !returnedToken) return <Navigate to="/" replace />
  if (auth.status === 'checking' || tokenLogin.isPending || (returnedToken && !tokenLogin.isError)) {
    return <FullPageSpinner label="Checking sign-in" />
  }

  const onSend = (event?: FormEvent) => {
    event?.preventDefault()
    if (send.isPending || countdown.left > 0) return
    const address = email.trim()
    if (!EMAIL_PATTERN.test(address)) return setError(MSG.invalidEmail)
    setError(undefined)
    if (options.data?.devLogin && address.toLowerCase() === DEV_LOGIN_EMAIL) return finish(DEV_LOGIN_TOKEN, 'dev')
    send.mutate(address)
  }

  const onLogin = (event?: FormEvent) => {
    event?.preventDefault()
    if (login.isPending || !code.trim()) return
    setError(undefined)
    login.mutate()
  }

  const providerButton = (provider: OAuthProvider, label: string) => (
    <a
      key={provider}
      href={`${oauthPaths.start(provider)}?jump=${encodeURIComponent('/console/login')}`}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
    >
      {label}
    </a>
  )
  const providers = [
    options.data?.github ? providerButton('github', 'Continue with GitHub') : null,
    options.data?.oidc ? providerButton('oidc', `Continue with ${options.data.oidc.name}`) : null,
  ].filter(Boolean)

  const sendLabel = send.isPending ? 'Sending...' : countdown.left > 0 ? `Resend in ${countdown.left}s` : codeSent ? 'Resend Code' : 'Send Code'

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-sky-50 px-4">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-900/5">
        <div className="mb-8 text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-600">Lingocast</p>
          <h1 className="mt-2 text-lg font-semibold text-slate-900">Sign in to study</h1>
          <p className="mt-1 text-sm text-slate-500">Learn English from the podcasts and videos you love.</p>
        </div>

        {providers.length > 0 && (
          <>
            <div className="space-y-3">{providers}</div>
            <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400">
              <span className="h-px flex-1 bg-slate-200" />
              or continue with email
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          </>
        )}

        <form onSubmit={onSend} noValidate className="space-y-3">
          <label htmlFor="login-email" className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <div className="flex gap-2">
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="min-w-0 flex-1 rounded-lg border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-500"
            />
            <Button type="submit" variant={codeSent ? 'secondary' : 'primary'} loading={send.isPending} disabled={countdown.left > 0} className="shrink-0">
              {sendLabel}
            </Button>
          </div>
        </form>

        {codeSent && (
          <form onSubmit={onLogin} noValidate className="mt-5 space-y-3">
            <label htmlFor="login-code" className="block text-sm font-medium text-slate-700">
              Verification code
            </label>
            <input
              id="login-code"
              ref={codeInput}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              placeholder="123456"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className="w-full rounded-lg border-0 px-3 py-2 text-center font-mono text-lg tracking-[0.5em] ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500"
            />
            <p className="text-xs text-slate-500">We sent a 6-digit code to {email.trim()}. It is valid for 10 minutes.</p>
            <Button type="submit" loading={login.isPending} className="w-full">
              Login
            </Button>
          </form>
        )}

        <p role="alert" className="mt-4 min-h-5 text-sm text-red-600">
          {error}
        </p>

        {options.data?.demo && (
          <button type="button" onClick={() => finish(DEMO_TOKEN, 'demo')} className="mt-2 w-full text-center text-sm font-medium text-indigo-600 hover:underline">
            Try the demo
          </button>
        )}
      </div>
    </main>
  )
}
