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

/** Playlist texts: spec 000 s2 and s8 where it quotes them, ours for the server's refusals. */
export const PLAYLIST_MSG = {
  // Ours: a playlist that does not exist, is private to another user, or is not theirs to change.
  playlistNotFound: 'Playlist not found',
  itemNotFound: 'This article is not in the playlist',
  ownPlaylist: 'This playlist is already yours',
  // spec 000 s2 and s8, verbatim.
  noPlaylists: 'No playlists found.',
  newPlaylist: 'New Playlist',
  creating: 'Creating...',
  createFailed: 'Failed to create playlist.',
  authRequired: 'Authentication required.',
  authError: 'Authentication error. Please log in again.',
  empty: 'This playlist is empty',
  notFoundOrEmpty: 'Playlist not found or empty',
  loadFailed: 'Failed to load playlist data',
  titlePlaceholder: 'Playlist Title',
  deleted: 'Playlist deleted successfully.',
  removed: 'Playlist removed from your library.',
} as const

/** Upload texts: spec 001 s5 and s8 where it names them, ours for the server's refusals. */
export const UPLOAD_MSG = {
  titleRequired: 'Please enter a title.',
  unsupportedType: 'Unsupported file type. Only common video and audio formats are supported.',
  uploadFailed: (msg: string) => `Upload failed: ${msg}`,
  mediaInfoFailed: (msg: string) => `Upload succeeded, but failed to get media info: ${msg}`,
  saveFailed: (msg: string | undefined) => `Failed to save article: ${msg || 'Unknown error'}`,
  // Ours: the server's reasons, shown after 'Upload failed: '.
  noFile: 'No file was sent. Choose an audio or video file to upload.',
  malformed: 'The upload is not a well-formed multipart form. Choose the file again and retry.',
  emptyFile: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than the upload limit of ${limitMb} MB.`,
  damaged: 'The file is damaged or incomplete: it cannot be played to the end.',
  /** Decision 0012: a server without ffprobe/ffmpeg says so, never "unsupported file". */
  serverCannotRead: (why: string) => `Your file was not checked: this server cannot read audio or video. ${why}`,
  badSubtitle: 'The subtitle file must be .srt or .vtt with at least one timed cue.',
  subtitleTooLarge: (limitMb: number) => `The subtitle file is larger than ${limitMb} MB.`,
  fileNotFound: 'Uploaded file not found',
  mediaRequired: 'audio or video is required',
  badAddress: 'audio and video must be an uploaded file or an http(s) address',
} as const

/** Memories texts: spec 001 s8 where it names them, ours otherwise. */
export const MEMORIES_MSG = {
  // Spec 001 s8 (console).
  fetchDecksFailed: 'Failed to fetch decks',
  deckNotFound: 'Deck not found',
  fetchDeckFailed: 'Failed to fetch deck details',
  fetchFlashcardsFailed: 'Failed to fetch flashcards',
  createDeckFailed: 'Failed to create deck',
  createFlashcardFailed: 'Failed to create flashcard',
  updateFlashcardFailed: 'Failed to update flashcard',
  deleteFlashcardFailed: 'Failed to delete flashcard',
  reviewFailed: 'Failed to submit review in background.',
  statsFailed: 'Failed to fetch statistics',
  // Ours: the server's validation and not-found messages.
  flashcardNotFound: 'Flashcard not found',
  deckIdRequired: 'deck_id is required',
  flashcardIdRequired: 'flashcard_id is required',
  deckNameRequired: 'Deck name is required',
  frontRequired: 'Front is required',
  backRequired: 'Back is required',
  badRating: 'rating must be Again, Hard, Good or Easy',
  badScheduler: 'scheduler must be fsrs or sm2',
  badAnswerButtons: 'answer_buttons must be 2 or 4',
  badAnswerTime: 'time_ms must be a whole number of milliseconds from 0 to 3600000',
  badTimeZone: 'tz must be an IANA time zone such as Europe/Paris',
  badPeriod: 'end_date must not be before start_date, and the period at most 400 days',
  tutorFailed: 'The tutor did not answer. Please try again.',
  csvEmpty: 'The CSV file is empty',
  csvTooLarge: 'The CSV file is too large (at most 900 KB)',
  csvNoColumns: 'The CSV file needs a header row with front and back columns',
  csvTooManyRows: 'The CSV file has more than 5000 cards',
  csvUnreadable: 'The CSV file could not be read',
  // Cards that speak.
  badCardKind: 'kind must be standard, listening or cloze',
  listeningNeedsSource: 'A listening card is made from a sentence of an article',
  badClipTimes: 'end_ms must be after start_ms, and the sentence at most 60 seconds',
  sourceHasNoWords: 'That part of the article has no transcript to cut a sentence from',
  audioNotFound: 'This card has no audio',
  // Reviews made offline.
  badReviewId: 'review_id must be a UUID',
  badAnsweredAt: 'answered_at must be an ISO 8601 time such as 2026-11-26T19:00:00.000Z',
  answeredInFuture: 'answered_at is in the future: check the device clock',
  answeredTooLongAgo: 'answered_at is more than 30 days ago: a review waits offline at most 30 days',
  reviewIdReused: 'review_id was already used for another card',
} as const

/** Notes (spec 000 s2, s4); the server's own texts where the spec leaves them to us. */
export const NOTES_MSG = {
  placeholder: 'Write your notes here...',
  loading: 'Loading...',
  saving: 'Saving...',
  notFound: 'No notes yet',
  tooLong: 'Notes are too long to save',
} as const

/** Chat and Explain (spec 000 s2, s4, s8), plus the server's own texts. */
export const TUTOR_MSG = {
  empty: 'Ask me any questions about the episode!',
  placeholder: 'Ask a question...',
  fallback: 'Sorry, I encountered an error. Please try again.',
  chatApiError: (status: number) => `Chat API error: ${status}`,
  // Ours.
  noQuestion: 'Ask a question first',
  emptySegment: 'The segment to explain has no text',
  messageTooLong: 'The message is too long',
  upstream: 'The AI tutor did not answer. Please try again.',
} as const

/** Channels and feeds: spec 001 s2, s4, s8 verbatim, and the server's own reasons. */
export const FEEDS_MSG = {
  // spec 001 s8 (feed screen, channels, add to study), verbatim.
  fetchFeedFailed: 'Failed to fetch RSS feed details.',
  feedNotFound: 'RSS feed not found.',
  fetchItemsFailed: 'Failed to fetch RSS items.',
  fetchSubscriptionFailed: 'Failed to fetch subscription status.',
  fetchRssFailed: 'Failed to fetch RSS data',
  importFailed: 'Failed to import RSS feed',
  subscribeFailed: 'Failed to subscribe',
  unsubscribeFailed: 'Failed to unsubscribe',
  addToStudyFailed: (msg: string) => `Failed to add to study: ${msg}`,
  addToStudyError: (message: string) => `An error occurred while adding to study: ${message}`,
  // spec 001 s2, s4.
  subscribed: 'Subscribed successfully',
  unsubscribed: 'Unsubscribed successfully',
  importing: 'Importing RSS feed...',
  noSubscriptions: 'No subscriptions found.',
  noMatch: 'No subscriptions match your search.',
  noEpisodes: 'No episodes available for this feed.',
  // Ours: why a fetch or a parse failed, and the server's refusals.
  itemNotFound: 'Episode not found',
  noMedia: 'This episode has no audio or video to study',
  httpStatus: (status: number) => `The feed address answered HTTP ${status}`,
  timeout: 'The feed took too long to answer',
  tooLarge: (mb: number) => `The feed is larger than ${mb} MB`,
  notAFeed: 'This address is not an RSS or Atom feed',
  invalidXml: 'The feed is not valid XML',
  // Well-formed, but without what makes it a feed: say what is missing.
  noChannel: 'The feed has no channel element',
  emptyFeed: 'The feed has no title and no episodes',
  noTitle: "The feed's channel has no title",
  unreachable: 'The feed address could not be reached',
  opmlInvalid: 'This is not an OPML file with feed addresses',
} as const
