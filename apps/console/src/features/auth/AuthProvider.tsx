import { DEMO_TOKEN, GUEST_TOKEN } from '@lingocast/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { clearSession, getToken, getUsername, saveSession } from '../../lib/cookies'
import { checkToken, loginOptionsQuery, logoutToken } from './api'
import { AuthContext, type AuthState, type AuthStatus } from './auth-context'

/**
 * Checking -> authenticated or anonymous (spec 000 s4). A failed check clears
 * the cookies. The demo and guest tokens are accepted without a server check,
 * but only when the server says demo mode is on.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<AuthStatus>(() => (getToken() ? 'checking' : 'anonymous'))
  const [username, setUsername] = useState<string | undefined>(() => getUsername())

  useEffect(() => {
    const token = getToken()
    if (!token) return
    let cancelled = false
    const verify = async () => {
      if (token === DEMO_TOKEN || token === GUEST_TOKEN) {
        const options = await queryClient.fetchQuery(loginOptionsQuery())
        if (options.demo) return true
      }
      await checkToken(token)
      return true
    }
    verify()
      .then(() => !cancelled && setStatus('authenticated'))
      .catch(() => {
        if (cancelled) return
        clearSession()
        setUsername(undefined)
        setStatus('anonymous')
      })
    return () => {
      cancelled = true
    }
  }, [queryClient])

  const signIn = useCallback((token: string, name: string) => {
    saveSession(token, name)
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
      queryClient.clear()
    }
  }, [queryClient])

  const value = useMemo<AuthState>(() => ({ status, username, signIn, signOut }), [status, username, signIn, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
