import { GUEST_TOKEN } from '@lingocast/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { ApiError } from '../../api/client'
import { clearSession, getToken, getUsername, setSession } from '../../lib/cookies'
import { logoutToken } from './api'
import { AuthContext, type AuthState, type AuthStatus } from './auth-context'
import { openingCheckPassed, openingSessionCheck } from './session-check'

/**
 * Checking -> authenticated or anonymous (spec 000 s4). A failed check clears
 * the cookies; a check that reached no server (offline) keeps them. The check
 * itself (session-check.ts) starts before React renders.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<AuthStatus>(() => {
    const token = getToken()
    if (!token) return 'anonymous'
    return openingCheckPassed(token) ? 'authenticated' : 'checking'
  })
  const [username, setUsername] = useState<string | undefined>(() => getUsername())

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
        // The installed console opens its screens with the session it has (issue 26); a server
        // that answers still decides, and a refused token signs out as before.
        if (error instanceof ApiError && error.status === 0) return setStatus('authenticated')
        clearSession()
        setUsername(undefined)
        setStatus('anonymous')
      },
    )
    return () => {
      cancelled = true
    }
  }, [queryClient])

  const signIn = useCallback((token: string, name: string) => {
    setSession(token, name)
    setUsername(name)
    setStatus('authenticated')
  }, [])

  const signOut = useCallback(async () => {
    const token = getToken()
    try {
      if (token && token !== GUEST_TOKEN) await logoutToken(token)
    } catch {
      // A failed logout still logs the user out here (spec 000 s8).
    } finally {
      clearSession()
      setUsername(undefined)
      setStatus('anonymous')
      // The next user of this browser must not see this one's cached data.
      queryClient.clear()
    }
  }, [queryClient])

  const value = useMemo<AuthState>(() => ({ status, username, signIn, signOut }), [status, username, signIn, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
