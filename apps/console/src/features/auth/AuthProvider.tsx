import { GUEST_TOKEN } from '@lingocast/contract'
import { useQueryClient } from '@tanstack/react-query'
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ApiError } from '../../api/client'
import { clearSession, getToken, getUsername, setSession } from '../../lib/cookies'
import { useOnline } from '../../lib/online'
import { bindAccount, markWorkerAccount, sessionAccount, unbindAccount } from '../../lib/session-account'
import { fetchUserInfo, logoutToken } from './api'
import { AuthContext, type AuthState, type AuthStatus } from '../../lib/auth-context'
import { openingCheckPassed, openingSessionCheck } from './session-check'

/**
 * Checking -> authenticated or anonymous (spec 000 s4). A failed check clears
 * the cookies; a check that reached no server (offline) keeps them. The check
 * itself (session-check.ts) starts before React renders.
 *
 * The account (the server's `user_id`) is known from the sign-in answer; a
 * session that came without one (opened by an older console, the demo) asks
 * the server once it can. Offline data is read and sent only for a known
 * account, so a session never touches a store it cannot prove is its own.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [status, setStatus] = useState<AuthStatus>(() => {
    const token = getToken()
    if (!token) return 'anonymous'
    return openingCheckPassed(token) ? 'authenticated' : 'checking'
  })
  const [username, setUsername] = useState<string | undefined>(() => getUsername())
  const [account, setAccount] = useState<string | undefined>(() => sessionAccount())

  /** The session ended here: nothing of it stays for the next user of this browser. */
  const endSession = useCallback(() => {
    clearSession()
    unbindAccount()
    void markWorkerAccount(undefined)
    setUsername(undefined)
    setAccount(undefined)
    setStatus('anonymous')
    // The next user of this browser must not see this one's cached data.
    queryClient.clear()
  }, [queryClient])

  useEffect(() => {
    const check = openingSessionCheck(queryClient)
    if (!check) return
    let cancelled = false
    check.then(
      () => {
        if (!cancelled) setStatus('authenticated')
      },
      (error: unknown) => {
        if (cancelled) return
        // No answer at all (offline, the server away): the check did not fail, it did not happen.
        // The installed console opens its screens with the session it has; a server
        // that answers still decides, and a refused token signs out as before.
        if (error instanceof ApiError && error.status === 0) return setStatus('authenticated')
        endSession()
      },
    )
    return () => {
      cancelled = true
    }
  }, [queryClient, endSession])

  // A session without a known account: the server names it (and its name now: usernames were made unique).
  useEffect(() => {
    const token = getToken()
    if (status !== 'authenticated' || account !== undefined || !online || !token) return
    let cancelled = false
    fetchUserInfo(token).then(
      (info) => {
        if (cancelled || getToken() !== token || !info.user_id) return
        // What an older console kept offline for this session, it kept under the name in the cookie.
        const legacyName = getUsername()
        bindAccount(token, info.user_id, legacyName ? { adopt: legacyName } : {})
        setSession(token, info.username)
        // A transition: the screens that read the account draw again in slices, not in one long task of a
        // phone's first seconds (the answer comes as the first screen is drawn).
        startTransition(() => {
          setUsername(info.username)
          setAccount(info.user_id)
        })
      },
      (error: unknown) => {
        if (!cancelled && error instanceof ApiError && (error.status === 401 || error.status === 403)) endSession()
      },
    )
    return () => {
      cancelled = true
    }
  }, [status, account, online, endSession])

  // The service worker plays only the signed-in account's downloads.
  useEffect(() => {
    void markWorkerAccount(status === 'anonymous' ? undefined : account)
  }, [status, account])

  const signIn = useCallback(
    (token: string, name: string, id?: string) => {
      setSession(token, name)
      if (id) bindAccount(token, id)
      else unbindAccount()
      void markWorkerAccount(id)
      // Whatever the page holds was fetched in another session (or none): this account asks again.
      queryClient.removeQueries()
      setUsername(name)
      setAccount(id)
      setStatus('authenticated')
    },
    [queryClient],
  )

  const signOut = useCallback(async () => {
    const token = getToken()
    try {
      if (token && token !== GUEST_TOKEN) await logoutToken(token)
    } catch {
      // A failed logout still logs the user out here (spec 000 s8).
    } finally {
      endSession()
    }
  }, [endSession])

  const value = useMemo<AuthState>(() => ({ status, username, account, signIn, signOut }), [status, username, account, signIn, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
