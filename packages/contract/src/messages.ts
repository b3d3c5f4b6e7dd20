/**
 * Visible texts of the error catalogue (spec 000 section 8) that both sides
 * use, plus the server's own sign-in messages where the spec leaves them to us.
 */
export const MSG = {
  ok: 'ok',
  tokenNotFound: 'Authentication token not found.',
  invalidToken: 'Invalid token',
  invalidEmail: 'Invalid email address',
  failedToSendCode: 'Failed to send verification code',
  noTokenReceived: 'No token received',
  loginFailed: 'Login failed',
  // Ours: the spec shows the server msg as is.
  codeFormat: 'The verification code is 6 digits',
  codeWrong: 'Incorrect verification code',
  codeExpired: 'This verification code has expired. Request a new one.',
  codeMissing: 'No active verification code for this address. Request a new one.',
  codeUsed: 'This verification code has already been used. Request a new one.',
  codeTooManyTries: 'Too many incorrect attempts. Request a new code.',
  codeFlood: 'Too many codes requested for this address. Try again in an hour.',
  tooManyRequests: 'Too many requests. Please wait and try again.',
  notFound: 'Not found',
  oauthDisabled: 'This sign-in provider is not enabled',
  oauthFailed: 'Sign-in with the provider failed. Please try again.',
  internal: 'Internal server error',
} as const

/** Library and media texts (spec 000 s8 where it names them). */
export const LIBRARY_MSG = {
  articleNotFound: 'Article not found',
  transcriptNotFound: 'Transcript not found',
  mediaNotFound: 'Media not found',
  mediaUpstream: 'The media host did not answer',
} as const

/** The player, on a part where the given transcript did not fit the audio (transcriptionStatus.unmatched): that stretch, as m:ss. */
export const transcriptUnmatchedText = (from: string, to: string) =>
  `The episode's transcript does not match the audio from ${from} to ${to}: these words were recognised by machine and may be wrong.`

/** The title of a word the publisher's transcript has but the audio did not give (WordTimestamp.uncertain). */
export const TRANSCRIPT_UNCERTAIN_WORD = 'Not found in the audio; placed near its cue.'

export const IMAGE_MSG = {
  imageNotFound: 'Image not found',
  notAnImage: 'The address did not return an image',
  frameFailed: 'Could not take a frame from this video',
} as const

