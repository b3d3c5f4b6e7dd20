import { createContext, useContext } from 'react'

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous'

export interface AuthState {
  status: AuthStatus
  username: string | undefined
  /** Stores the session cookies and marks the user signed in. */
  signIn(token: string, username: string): void
  /** Logs out on the server (except the guest token), then always clears the session. */
  signOut(): Promise<void>
}

export const AuthContext = createContext<AuthState | null>(null)

export function useAuth(): AuthState {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth outside AuthProvider')
  return auth
}
