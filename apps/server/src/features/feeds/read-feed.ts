import { decodeText } from '../../lib/decode-text'
import { runSized } from '../../lib/worker-pool'
import { FeedParseError, parseFeedDocument, type FEED_PARSE_MESSAGES, type ParsedFeed } from './parse-feed'

/** How a channel is named when the feed does not name it (parseFeedDocument). */
export interface FeedNaming {
  knownTitle?: string
  address?: string
}

/** A feed read, or why it cannot be (a FeedParseError as data: class instances do not cross threads). */
export type FeedReading = { feed: ParsedFeed } | { failure: { reason: keyof typeof FEED_PARSE_MESSAGES; detail: string } }

/**
 * A fetched feed's bytes as a channel: decoded (the bytes decide, then the
 * Content-Type and XML declaration: lib/decode-text.ts), then parsed. Run on
 * a worker thread for all but small feeds (readFeed).
 */
export function feedFromBytes(bytes: Uint8Array, contentType: string | null, base: string, naming: FeedNaming): FeedReading {
  try {
    return { feed: parseFeedDocument(decodeText(bytes, { contentType }), base, naming) }
  } catch (error) {
    if (error instanceof FeedParseError) return { failure: { reason: error.reason, detail: error.message } }
    throw error
  }
}

const readTask = { module: new URL(import.meta.url), name: 'feedFromBytes', run: feedFromBytes }

/** feedFromBytes off the event loop; throws FeedParseError when the document is not a feed it can read. */
export async function readFeed(bytes: Uint8Array, contentType: string | null, base: string, naming: FeedNaming): Promise<ParsedFeed> {
  const reading = await runSized(readTask, bytes.byteLength, bytes, contentType, base, naming)
  if ('failure' in reading) throw new FeedParseError(reading.failure.reason, reading.failure.detail)
  return reading.feed
}
