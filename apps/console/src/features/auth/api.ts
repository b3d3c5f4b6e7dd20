import { authRoutes } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiCall } from '../../api/client'

/** What the server offers on the login screen; it changes only with a restart. */
export const loginOptionsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'login-options'],
    queryFn: ({ signal }) => apiCall(authRoutes.loginOptions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  })

export const sendCode = (email: string) => apiCall(authRoutes.sendRegisterCode, { body: { email } })
export const loginWithCode = (email: string, code: string) => apiCall(authRoutes.loginByEmail, { body: { email, code } })
export const fetchUserInfo = (token: string) => apiCall(authRoutes.userInfo, { body: { token } })
export const checkToken = (token: string) => apiCall(authRoutes.authCheck, { body: { token } })
export const logoutToken = (token: string) => apiCall(authRoutes.logout, { body: { token } })
