import { FEEDS_MSG, MSG } from '@lingocast/contract'
import { ApiError } from '../../api/client'

/** Visible texts of the feed screens: spec 001 s2, s4, s8 verbatim (FEEDS_MSG), plus our own labels. */
export const FEEDS_TEXT = {
  ...FEEDS_MSG,
  tokenNotFound: MSG.tokenNotFound,
  myFeed: 'My Feed',
  explore: 'Explore Channels',
  searchEpisodes: 'Search by title or channel',
  sort: 'Sort',
  hidePlayed: 'Hide Played',
  searchChannels: 'Search channels by title',
  importRss: 'Import RSS Feed',
  rssUrl: 'RSS URL',
  import: 'Import',
  cancel: 'Cancel',
  subscribe: 'Subscribe',
  unsubscribe: 'Unsubscribe',
  showMore: 'Show more',
  showLess: 'Show less',
  refreshNow: 'Refresh now',
  loadNow: 'Load now',
  addToStudy: 'Add to study',
  importOpml: 'Import OPML',
  exportOpml: 'Export OPML',
  noChannels: 'No channels yet. Import one by its RSS address.',
  noChannelMatch: 'No channels match your search.',
  rename: 'Rename',
  renameChannel: 'Rename channel',
  channelName: 'Channel name',
  save: 'Save',
  usePublisherTitle: "Use the publisher's title",
  renamed: 'Channel renamed',
  publisherCalls: (title: string) => `The publisher calls it “${title}”. Only you see the name you give it.`,
  onlyYou: 'Only you see the name you give it.',
} as const

/** A call attempted without a token: the spec's text, and the call is not made. */
export class MissingTokenError extends Error {
  constructor() {
    super(MSG.tokenNotFound)
    this.name = 'MissingTokenError'
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The server answered (a refusal or an HTTP error), as opposed to no answer or a bug. */
const answered = (error: unknown): error is ApiError => error instanceof ApiError && error.status > 0

/** The feed screens' error line (spec 001 s8). */
export const errorLine = (message: string) => `Error: ${message}`

/**
 * Feed detail (spec 001 s8): which of the catalogue's messages a failed load
 * shows. A missing token says so; otherwise the text of the step that failed.
 */
export function detailLoadMessage(error: unknown, step: 'feed' | 'items' | 'subscription'): string {
  if (error instanceof MissingTokenError) return error.message
  if (step === 'feed') return FEEDS_MSG.fetchFeedFailed
  if (step === 'items') return FEEDS_MSG.fetchItemsFailed
  return FEEDS_MSG.fetchSubscriptionFailed
}

/** My Feed's load failure: the reason, for 'Error: {message}' (the server's msg, else the status or the network failure). */
export function loadFailureMessage(error: unknown): string {
  return reasonOf(error)
}

/**
 * Add to study failed (spec 001 s8): the server refused ('Failed to add to
 * study: {msg}'), or the call itself broke ('An error occurred while adding to study: {message}').
 */
export function addToStudyErrorText(error: unknown): string {
  if (answered(error)) return FEEDS_MSG.addToStudyFailed(error.msg ?? error.message)
  return FEEDS_MSG.addToStudyError(reasonOf(error))
}

/** Discover's toast after a failed toggle: 'Failed to subscribe' (or unsubscribe), with the server's msg or the reason after it. */
export function toggleFailureToast(error: unknown, subscribe: boolean): string {
  const fallback = subscribe ? FEEDS_MSG.subscribeFailed : FEEDS_MSG.unsubscribeFailed
  if (error instanceof MissingTokenError) return `${fallback}: ${error.message}`
  if (answered(error)) return error.msg ? `${fallback}: ${error.msg}` : fallback
  return `${fallback}: ${reasonOf(error)}`
}

/** Feed detail's alert after a failed toggle (spec 001 s8): the server's msg, else the catalogue text. */
export function toggleFailureAlert(error: unknown, subscribe: boolean): string {
  if (error instanceof MissingTokenError) return error.message
  if (answered(error) && error.msg) return error.msg
  return subscribe ? FEEDS_MSG.subscribeFailed : FEEDS_MSG.unsubscribeFailed
}

/** The import dialog's error (spec 001 s4, s8): the server's msg, else 'Failed to import RSS feed'. */
export function importErrorText(error: unknown): string {
  if (error instanceof MissingTokenError) return error.message
  return (answered(error) && error.msg) || FEEDS_MSG.importFailed
}

/** The toast after a subscribe or unsubscribe succeeded (spec 001 s4). */
export const toggleSuccessToast = (subscribed: boolean) => (subscribed ? FEEDS_MSG.subscribed : FEEDS_MSG.unsubscribed)

/** Ours: the played mark could not be changed. */
export function playedErrorText(error: unknown, played: boolean): string {
  const what = played ? 'mark the episode as played' : 'mark the episode as unplayed'
  return `Failed to ${what}: ${answered(error) ? (error.msg ?? error.message) : reasonOf(error)}`
}

/** Ours: Refresh now failed. */
export function refreshErrorText(error: unknown): string {
  return `Failed to refresh the feed: ${answered(error) ? (error.msg ?? error.message) : reasonOf(error)}`
}

/** Ours: the rename was refused or failed: the server's msg (a bad name says what is wrong), else the reason. */
export function renameErrorText(error: unknown): string {
  if (error instanceof MissingTokenError) return error.message
  return `Failed to rename the channel: ${answered(error) ? (error.msg ?? error.message) : reasonOf(error)}`
}

/** Ours: what an OPML import did. */
export function opmlImportSummary(subscribed: number, skipped: number): string {
  const channels = subscribed === 1 ? '1 channel' : `${subscribed} channels`
  return skipped > 0 ? `Subscribed to ${channels}; ${skipped} skipped` : `Subscribed to ${channels}`
}

/** Ours: the OPML import or export failed. */
export function opmlErrorText(error: unknown, action: 'import' | 'export'): string {
  return `Failed to ${action} OPML: ${answered(error) ? (error.msg ?? error.message) : reasonOf(error)}`
}
