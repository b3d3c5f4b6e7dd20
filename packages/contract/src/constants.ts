/** Names and limits shared by the server and the console. Values from spec 000 section 9 unless noted. */

export const TOKEN_COOKIE = 'Token'

/** The id of the page's script element that holds the answers of a screen the server rendered with the learner's data (decision 0021). */
export const FIRST_DATA_ID = 'console-data'
export const USERNAME_COOKIE = 'username'

/** Token and username cookies, and the server-side token, last 3 months. */
export const SESSION_LIFETIME_DAYS = 90

export const RESEND_COUNTDOWN_SECONDS = 60
export const VERIFICATION_CODE_LENGTH = 6

/** ARCHITECTURE.md section 5: sign-in code rules. */
export const CODE_TTL_MINUTES = 10
export const CODE_MAX_WRONG_TRIES = 5
export const CODES_PER_ADDRESS_PER_HOUR = 5

/** "non-space text, an at sign, a domain with a dot" (spec 000 section 5). */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/

/**
 * Fixed sign-in shortcuts. The server honours them only when started with
 * DEV_LOGIN=1 (the developer email and its token) or DEMO=1 (the demo and
 * guest tokens); the console offers them only when the server says so.
 */
export const DEV_LOGIN_EMAIL = 'dev@lingocast.test'
export const DEV_LOGIN_TOKEN = 'dev-login-token-lingocast'
export const DEMO_TOKEN = 'demo-token-lingocast'
/** The guest token: logging out of it skips the server call (spec 000 section 2). */
export const GUEST_TOKEN = 'guest-token-lingocast'

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const
export const SKIP_WITHOUT_SEGMENTS_SECONDS = 10
export const THUMBNAIL_SIZE = 180
