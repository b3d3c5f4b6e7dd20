import { createContext, useContext } from 'react'

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous'

export interface AuthState {
  status: AuthStatus
  username: string | undefined
  /**
   * The signed-in account's id (the server's `user_id`): what its offline data
   * in this browser is keyed by. Undefined while the server has not named it
   * for this session (a session opened by an older console, offline).
   */
  account: string | undefined
  /** Stores the session cookies and marks the user signed in; `account` is the answer's `user_id`. */
  signIn(token: string, username: string, account?: string): void
  /** Logs out on the server (except the guest token), then always clears the session. */
  signOut(): Promise<void>
}

export const AuthContext = createContext<AuthState | null>(null)

export function useAuth(): AuthState {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth outside AuthProvider')
  return auth
}
