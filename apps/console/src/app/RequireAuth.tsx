import type { ReactNode } from 'react'
import { FullPageSpinner } from '../components/ui/Spinner'
import { useAuth } from '../lib/auth-context'
import { Navigate } from '../lib/routing/navigation'

/** Protected routes: a spinner while the check runs, the login screen when anonymous. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  if (status === 'checking') return <FullPageSpinner label="Checking sign-in" />
  if (status === 'anonymous') return <Navigate to="/login" replace />
  return children
}
