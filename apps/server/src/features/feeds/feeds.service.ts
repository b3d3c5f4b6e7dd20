import { CHANNEL_ITEMS_LIMIT, FEED_NOTICE, FEEDS_MSG, YOUTUBE_PREFIX, type Feed, type FeedItem } from '@lingocast/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { StoredCue } from '../../db/schema'
import { NotFoundError, ValidationError } from '../../lib/errors'
import { discardBody, readCapped, type SafeFetch } from '../../lib/safe-fetch'
import type { JobsRepo } from '../jobs/jobs.repo'
import { transcriptFormat } from '../transcription/cues'
import type { TranscriptionService } from '../transcription/transcription.service'
import type { CatalogueEntry } from './catalogue'
import { toFeedDto, toFeedItemDto } from './feed-dto'
import type { ChannelRow, FeedsRepo, ItemView } from './feeds.repo'
import { FeedFetchError, fetchFeed } from './fetch-feed'
import { FEED_PARSE_MESSAGES, FeedParseError, loadFeedsmith, type ParsedFeed } from './parse-feed'
import { readFeed } from './read-feed'
import { readTranscriptCues } from './transcript-cues'
import { PAUSE_AFTER_PARSE_ERRORS, refreshIntervalMs, retryDelayMs } from './refresh-schedule'

export interface FeedsServiceDeps {
  repo: FeedsRepo
  safeFetch: SafeFetch
  jobs: Pick<JobsRepo, 'enqueue'>
  /** Wakes this process's feed worker after queueing. */
  nudge: () => void
  transcription: Pick<TranscriptionService, 'request' | 'status'>
  log: FastifyBaseLogger
  fetchTimeoutMs: number
  /** Whether catalogue channels nobody follows are fetched by the sweep. */
  fetchCatalogue: boolean
  now?: () => Date
}

/** What one refresh did, for the job's log, the manual refresh and the tests. */
export type RefreshOutcome = { result: 'fetched'; added: number } | { result: 'not-modified' } | { result: 'failed'; error: string; paused: boolean } | { result: 'skipped' }

/** Publisher transcripts are text: a few MB hold hours of speech. */
const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024
/** OPML imports larger than this many feeds are cut here. */
const OPML_MAX_FEEDS = 1000
const refreshKey = (channelId: number) => `feed:${channelId}`
const episodeWordsKey = (channelId: number) => `episode_words:${channelId}`

const parseMessage = (error: FeedParseError) => FEED_PARSE_MESSAGES[error.reason]

function isHttp(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/**
 * Channels, episodes, subscriptions and the refresh that keeps them current.
 * A channel is fetched once for all its followers; what a user sees of it
 * (subscribed, played, collected) is theirs alone.
 */
export function createFeedsService(deps: FeedsServiceDeps) {
  const { repo, log } = deps
  const now = deps.now ?? (() => new Date())
  const after = (ms: number) => new Date(now().getTime() + ms)

  async function visibleChannel(userId: number, id: number): Promise<ChannelRow> {
    const channel = await repo.visibleChannel(userId, id)
    if (!channel) throw new NotFoundError(FEEDS_MSG.feedNotFound)
    return channel
  }

  /** A channel as the user's list shows it (their name for it, its newest episode). */
  async function listedChannel(userId: number, id: number): Promise<Feed> {
    const [listed] = await repo.listVisible(userId, id)
    if (!listed) throw new NotFoundError(FEEDS_MSG.feedNotFound)
    return toFeedDto(listed)
  }

  async function visibleItem(userId: number, id: number): Promise<ItemView> {
    const item = await repo.visibleItem(userId, id)
    if (!item) throw new NotFoundError(FEEDS_MSG.itemNotFound)
    return item
  }

  /**
   * Queues the reading of a channel's unread publisher transcripts for their
   * words (comprehension of episodes nobody collected yet): in the
   * feed lane, once per channel however often it is asked.
   */
  async function queueEpisodeWords(channelIds: readonly number[]): Promise<void> {
    for (const channelId of new Set(channelIds)) await deps.jobs.enqueue('count_episode_words', { channelId }, { dedupeKey: episodeWordsKey(channelId), maxAttempts: 2 })
    if (channelIds.length > 0) deps.nudge()
  }

  /** After episodes were stored: their publisher transcripts, if the feed names any, are read in the background. */
  const afterStored = async (channelId: number, feed: ParsedFeed) => {
    if (!feed.items.some((i) => i.transcript)) return
    // The episodes are stored: a queue that fails now is made up for by the next read of their figures.
    await queueEpisodeWords([channelId]).catch((error: unknown) => log.warn({ err: error, channel: channelId }, 'could not queue the reading of publisher transcripts'))
  }

  async function queueRefresh(channelId: number, priority = 0): Promise<void> {
    // One try per job: the channel's own schedule (next_fetch_at, backoff) decides when the next one is.
    await deps.jobs.enqueue('refresh_feed', { channelId }, { dedupeKey: refreshKey(channelId), priority, maxAttempts: 1 })
    deps.nudge()
  }

  /** Fetches and parses an address for an import: a ParsedFeed, or a ValidationError saying why not. */
  async function fetchForImport(url: string) {
    const outcome = await fetchFeed(deps.safeFetch, url, { timeoutMs: deps.fetchTimeoutMs }).catch((error: unknown) => {
      if (error instanceof FeedFetchError) throw new ValidationError(error.message)
      throw error
    })
    if (outcome.kind !== 'fetched') throw new ValidationError(FEEDS_MSG.importFailed)
    try {
      // Named after the address the user gave, not the one a redirect led to, when nothing else names it.
      const feed = await readFeed(outcome.bytes, outcome.contentType, outcome.url, { address: url })
      return { etag: outcome.etag, lastModified: outcome.lastModified, feed }
    } catch (error) {
      if (error instanceof FeedParseError) throw new ValidationError(parseMessage(error))
      throw error
    }
  }

  const nextFetchFor = (feed: ParsedFeed) => after(refreshIntervalMs(feed.items.flatMap((i) => (i.pubDate ? [i.pubDate] : []))))

  /**
   * One conditional GET of a channel. A 304 costs no parse; fetch failures
   * back off (at least Retry-After); 3 parse failures in a row pause the
   * channel until a refresh by hand (`manual`), which also skips the
   * conditional headers so the body is read again.
   */
  async function refresh(channelId: number, options: { manual?: boolean; onlyIfDue?: boolean } = {}): Promise<RefreshOutcome> {
    const channel = await repo.channel(channelId)
    if (!channel || (channel.status === 'paused' && !options.manual)) return { result: 'skipped' }
    // A sweep that read the channel as due just before another worker refreshed it queues it again: not fetched twice.
    if (options.onlyIfDue && channel.nextFetchAt > now()) return { result: 'skipped' }
    const conditional = options.manual ? {} : { etag: channel.etag, lastModified: channel.lastModified }
    let outcome: Awaited<ReturnType<typeof fetchFeed>>
    try {
      outcome = await fetchFeed(deps.safeFetch, channel.url, { ...conditional, timeoutMs: deps.fetchTimeoutMs })
    } catch (error) {
      if (!(error instanceof FeedFetchError)) throw error
      const failCount = channel.failCount + 1
      await repo.saveFailure(channel.id, { status: 'error', error: error.message, nextFetchAt: after(retryDelayMs(failCount, error.retryAfterMs)), failCount, parseErrors: channel.parseErrors })
      return { result: 'failed', error: error.message, paused: false }
    }
    if (outcome.kind === 'not-modified') {
      const interval = refreshIntervalMs(await repo.recentPubDates(channel.id))
      await repo.saveNotModified(channel.id, after(Math.max(interval, outcome.retryAfterMs ?? 0)))
      return { result: 'not-modified' }
    }
    let feed: ParsedFeed
    try {
      // A channel already followed keeps its title if the publisher drops it, rather than a stand-in.
      feed = await readFeed(outcome.bytes, outcome.contentType, outcome.url, { knownTitle: channel.title, address: channel.url })
    } catch (error) {
      if (!(error instanceof FeedParseError)) throw error
      const parseErrors = channel.parseErrors + 1
      const paused = parseErrors >= PAUSE_AFTER_PARSE_ERRORS
      const message = parseMessage(error)
      await repo.saveFailure(channel.id, { status: paused ? 'paused' : 'error', error: message, nextFetchAt: after(retryDelayMs(parseErrors, null)), failCount: channel.failCount + 1, parseErrors })
      if (paused) log.warn({ channel: channel.id, url: channel.url }, 'feed paused after repeated parse errors')
      return { result: 'failed', error: message, paused }
    }
    const { added } = await repo.saveFetched(channel, { feed, etag: outcome.etag, lastModified: outcome.lastModified, nextFetchAt: nextFetchFor(feed) })
    await afterStored(channel.id, feed)
    return { result: 'fetched', added }
  }

  /**
   * A publisher transcript as cues: SSRF-safe fetch with the feed's timeout,
   * at most TRANSCRIPT_MAX_BYTES, decoded and parsed by its declared type (or
   * its address). Throws when it cannot be read.
   */
  async function readPublisherTranscript(url: string, type: string | null): Promise<StoredCue[]> {
    const res = await deps.safeFetch.fetch(url, { signal: AbortSignal.timeout(deps.fetchTimeoutMs), eager: true })
    if (res.status !== 200) {
      discardBody(res.body)
      throw new Error(`HTTP ${res.status}`)
    }
    const contentType = res.headers['content-type']
    return readTranscriptCues(await readCapped(res.body, TRANSCRIPT_MAX_BYTES), Array.isArray(contentType) ? contentType[0] : contentType, transcriptFormat(type || url))
  }

  /** The publisher's transcript of an episode as cues, or undefined when it cannot be read (then the audio is recognised). */
  async function publisherCues(item: ItemView): Promise<StoredCue[] | undefined> {
    if (!item.transcriptUrl) return undefined
    try {
      const cues = await readPublisherTranscript(item.transcriptUrl, item.transcriptType)
      return cues.length > 0 ? cues : undefined
    } catch (error) {
      log.warn({ err: error, item: item.id, transcript: item.transcriptUrl }, 'the publisher transcript could not be read; the audio will be recognised')
      return undefined
    }
  }

  async function requestTranscript(item: ItemView): Promise<void> {
    const address = item.audio ?? item.video
    if (!address || address.startsWith(YOUTUBE_PREFIX) || !isHttp(address)) return
    const status = await deps.transcription.status(address)
    if ((status.status !== 'none' && status.status !== 'failed') || status.notice === 'set_aside') return
    const cues = await publisherCues(item)
    await deps.transcription.request(address, cues ? { cues, source: 'publisher' } : {})
  }

  return {
    refresh,
    readPublisherTranscript,
    queueEpisodeWords,

    async list(userId: number): Promise<Feed[]> {
      return (await repo.listVisible(userId)).map(toFeedDto)
    },

    async items(userId: number, channelId: number): Promise<FeedItem[]> {
      await visibleChannel(userId, channelId)
      return (await repo.itemsOfChannel(userId, channelId, CHANNEL_ITEMS_LIMIT)).map(toFeedItemDto)
    },

    subscribedIds: (userId: number) => repo.subscribedIds(userId),

    async subscribedItems(userId: number, limit: number): Promise<FeedItem[]> {
      return (await repo.subscribedItems(userId, limit)).map(toFeedItemDto)
    },

    async subscribe(userId: number, channelId: number): Promise<void> {
      const channel = await visibleChannel(userId, channelId)
      await repo.setSubscribed(userId, channelId, true)
      // A catalogue channel nobody followed may never have been fetched: fetch it now for its new follower.
      if (channel.status === 'pending') await queueRefresh(channel.id, 10)
    },

    async unsubscribe(userId: number, channelId: number): Promise<void> {
      await visibleChannel(userId, channelId)
      await repo.setSubscribed(userId, channelId, false)
    },

    /**
     * Import by address: fetched and parsed before the answer, and written
     * only when that worked, so a bad address leaves no row behind. A known
     * address is shared: the user is linked to the existing channel.
     */
    async importChannel(userId: number, url: string): Promise<{ id: number; title: string }> {
      const existing = await repo.channelByUrl(url)
      if (existing && existing.status !== 'ok') {
        const outcome = await refresh(existing.id, { manual: true })
        if (outcome.result === 'failed') throw new ValidationError(outcome.error)
      }
      if (existing) {
        await repo.link(userId, existing.id)
        // A channel this user renamed before comes back under their name.
        return { id: existing.id, title: (await repo.titleFor(userId, existing.id))! }
      }
      const fetched = await fetchForImport(url)
      const created = await repo.createFetched({ url, feed: fetched.feed, etag: fetched.etag, lastModified: fetched.lastModified, nextFetchAt: nextFetchFor(fetched.feed), userId })
      await afterStored(created.id, fetched.feed)
      return created
    },

    /** A refresh by hand (also un-pauses); answers the channel as it is afterwards. */
    async refreshNow(userId: number, channelId: number): Promise<Feed> {
      await visibleChannel(userId, channelId)
      await refresh(channelId, { manual: true })
      return listedChannel(userId, channelId)
    },

    /**
     * The user's own name for a channel they see, or back to the publisher's
     * (null, or the publisher's title itself, so a later change by the
     * publisher shows again). Other users' names for it are untouched.
     */
    async rename(userId: number, channelId: number, title: string | null): Promise<Feed> {
      const channel = await visibleChannel(userId, channelId)
      await repo.setCustomTitle(userId, channelId, title === null || title === channel.title ? null : title)
      return listedChannel(userId, channelId)
    },

    async setPlayed(userId: number, itemId: number, played: boolean): Promise<void> {
      await visibleItem(userId, itemId)
      await repo.setPlayed(userId, itemId, played)
    },

    /**
     * The user's article for an episode (made once, reused after), marked
     * played; its transcript is queued with the publisher's text when the
     * feed ships one.
     */
    async collect(userId: number, itemId: number): Promise<string> {
      const item = await visibleItem(userId, itemId)
      if (!item.audio && !item.video) throw new ValidationError(FEEDS_MSG.noMedia)
      const { hashId } = await repo.collectInto(userId, itemId, {
        title: item.title,
        description: item.description,
        audio: item.audio,
        video: item.video,
        thumbnail: item.thumbnail,
        durationSeconds: item.durationSeconds,
      })
      await requestTranscript(item).catch((error: unknown) => log.error({ err: error, item: item.id }, 'could not queue the episode transcript'))
      return hashId
    },

    /**
     * Its refresh job stopped the server twice and was set aside: the channel is paused with the
     * reason, so the sweep does not queue it again; a refresh by hand tries it once more.
     */
    async setAside(channelId: number): Promise<void> {
      const channel = await repo.channel(channelId)
      if (!channel) return
      await repo.saveFailure(channel.id, { status: 'paused', error: FEED_NOTICE.set_aside, nextFetchAt: channel.nextFetchAt, failCount: channel.failCount + 1, parseErrors: channel.parseErrors })
    },

    /** Queues a refresh of every channel that is due. Run by the worker on a timer. */
    async sweep(limit = 500): Promise<number> {
      const due = await repo.dueChannels(now(), deps.fetchCatalogue, limit)
      for (const id of due) await queueRefresh(id)
      return due.length
    },

    seedCatalogue: (entries: readonly CatalogueEntry[]) => repo.seedCatalogue([...entries]),

    async exportOpml(userId: number): Promise<string> {
      const channels = await repo.subscribedChannels(userId)
      const head = { title: OPML_TITLE, dateCreated: now() }
      // feedsmith refuses a body without outlines; no subscriptions is still a valid (empty) list.
      if (channels.length === 0) return emptyOpml(head)
      return loadFeedsmith().generateOpml({ head, body: { outlines: channels.map((c) => ({ type: 'rss', text: c.customTitle ?? c.title, title: c.customTitle ?? c.title, xmlUrl: c.url })) } })
    },

    /** Subscribes to every feed address of an OPML document; new addresses are fetched by the refresh job. */
    async importOpml(userId: number, text: string): Promise<{ subscribed: number; skipped: Array<{ url: string; reason: string }> }> {
      let outlines: Array<{ xmlUrl?: string; text?: string; title?: string; outlines?: unknown[] }>
      try {
        outlines = (loadFeedsmith().parseOpml(text).body?.outlines ?? []) as typeof outlines
      } catch {
        throw new ValidationError(FEEDS_MSG.opmlInvalid)
      }
      const found: Array<{ url: string; title: string }> = []
      const walk = (list: typeof outlines) => {
        for (const o of list) {
          if (found.length >= OPML_MAX_FEEDS) return
          if (o.xmlUrl) found.push({ url: o.xmlUrl.trim(), title: (o.title || o.text || o.xmlUrl).trim().slice(0, 500) })
          if (Array.isArray(o.outlines)) walk(o.outlines as typeof outlines)
        }
      }
      walk(outlines)
      if (found.length === 0) throw new ValidationError(FEEDS_MSG.opmlInvalid)
      const skipped: Array<{ url: string; reason: string }> = []
      let subscribed = 0
      for (const { url, title } of found) {
        if (!isHttp(url) || url.length > 2048) {
          skipped.push({ url: url.slice(0, 2048), reason: 'Only http and https addresses can be fetched.' })
          continue
        }
        const id = await repo.followByUrl(userId, url, title)
        subscribed++
        const channel = await repo.channel(id)
        if (channel?.status === 'pending') await queueRefresh(id, 5)
      }
      return { subscribed, skipped }
    },
  }
}

export type FeedsService = ReturnType<typeof createFeedsService>

const OPML_TITLE = 'Lingocast subscriptions'

/** An OPML 2.0 document with no outlines, as feed readers export an empty subscription list. */
export function emptyOpml(head: { title: string; dateCreated: Date }): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<opml version="2.0">\n  <head>\n    <title>${head.title}</title>\n    <dateCreated>${head.dateCreated.toUTCString()}</dateCreated>\n  </head>\n  <body/>\n</opml>\n`
}
