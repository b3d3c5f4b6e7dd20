import { Navigate, Outlet } from 'react-router'
import { FullPageSpinner } from '../components/ui/Spinner'
import { useAuth } from '../lib/auth-context'

/** Protected routes: a spinner while the check runs, the login screen when anonymous. */
export function RequireAuth() {
  const { status } = useAuth()
  if (status === 'checking') return <FullPageSpinner label="Checking sign-in" />
  if (status === 'anonymous') return <Navigate to="/login" replace />
  return <Outlet />
}
