import { getToken } from '../lib/cookies'
import { createApiClient } from './client'

export { ApiError } from './client'

/** The console's client: same-origin fetch, bearer token from the Token cookie. */
export const apiCall = createApiClient({ fetch: (...args) => fetch(...args), getToken })
