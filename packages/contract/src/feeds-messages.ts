// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

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
