import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { FEEDS_MSG, YOUTUBE_PREFIX } from '@lingocast/contract'
import type * as Feedsmith from 'feedsmith'
import { repairFeedXml } from './repair-xml'

/** feedsmith, required on the first feed (its 129 modules are not needed before): feeds.service.ts's OPML too. */
let feedsmith: typeof Feedsmith | undefined
export const loadFeedsmith = () => (feedsmith ??= createRequire(import.meta.url)('feedsmith') as typeof Feedsmith)
const parseAnyFeed: typeof Feedsmith.parseFeed = (source, options) => loadFeedsmith().parseFeed(source, options)

/** A channel as we keep it, whatever format it came in. */
export interface ParsedFeed {
  title: string
  description: string
  image: string | null
  category: string | null
  items: ParsedItem[]
}

export interface ParsedItem {
  /** The publisher's stable id: guid, else the enclosure address, else the link, else a hash of title and date. */
  guid: string
  title: string
  description: string
  thumbnail: string | null
  pubDate: Date | null
  durationSeconds: number | null
  audio: string | null
  video: string | null
  link: string | null
  transcript: { url: string; type: string } | null
}

/** A feed as read, before its title is settled (finishFeed). */
interface DraftFeed extends ParsedFeed {
  /** What may stand in for a missing title, best first: the channel's iTunes names or authors, then an episode's show name. */
  names: string[]
}

/** Why a document cannot be read as a feed, in the words the user is shown. */
export const FEED_PARSE_MESSAGES = {
  'not-a-feed': FEEDS_MSG.notAFeed,
  'invalid-xml': FEEDS_MSG.invalidXml,
  'no-channel': FEEDS_MSG.noChannel,
  empty: FEEDS_MSG.emptyFeed,
  'no-title': FEEDS_MSG.noTitle,
} as const

/** A feed we cannot read at all; `reason` says why (FEED_PARSE_MESSAGES has the words). */
export class FeedParseError extends Error {
  constructor(
    readonly reason: keyof typeof FEED_PARSE_MESSAGES,
    detail: string,
  ) {
    super(detail)
    this.name = 'FeedParseError'
  }
}

/** Bounds on what one feed may store, so a hostile feed cannot fill the database. */
export const FEED_LIMITS = { items: 5000, title: 500, description: 20_000, url: 2048 } as const

/** Transcript formats the pipeline reads, best first (podcast namespace: several may be offered). */
const TRANSCRIPT_PREFERENCE = ['text/vtt', 'application/x-subrip', 'application/srt', 'text/srt', 'application/json', 'text/html', 'text/plain']

type Loose = Record<string, unknown>
const obj = (v: unknown): Loose | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : undefined)
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])

/**
 * Text of a value that may be a string, a number or feedsmith's `{ value }`
 * wrapper. Every field of a feed passes here, so this is where U+0000 (a raw
 * byte, or `\u0000` in a JSON Feed) is dropped: PostgreSQL cannot store it.
 */
function text(v: unknown): string {
  if (typeof v === 'string') return v.replaceAll('\u0000', '').trim()
  if (typeof v === 'number') return String(v)
  const o = obj(v)
  if (o && 'value' in o) return text(o.value)
  return ''
}

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s)

/** An absolute http(s) address, resolved against the feed's own address; anything else is dropped. */
function address(v: unknown, base: string | undefined): string | null {
  const raw = text(v)
  if (!raw || raw.length > FEED_LIMITS.url) return null
  try {
    const url = new URL(raw, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/**
 * A duration in seconds from any of the forms feeds use: a number, "3723",
 * "62:03", "1:02:03", "1:02:03.5", ISO 8601 "PT1H2M3S". Null when unreadable.
 */
export function parseDuration(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : null
  const s = text(v)
  if (!s) return null
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s)
  if (/^\d+(:\d{1,2}){1,2}(\.\d+)?$/.test(s)) return s.split(':').reduce((total, part) => total * 60 + Number(part), 0)
  const iso = /^P(?:T)?(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?$/i.exec(s)
  if (iso && (iso[1] || iso[2] || iso[3])) return Number(iso[1] ?? 0) * 3600 + Number(iso[2] ?? 0) * 60 + Number(iso[3] ?? 0)
  return null
}

function date(v: unknown): Date | null {
  const s = text(v)
  if (!s) return null
  const d = new Date(s)
  return Number.isNaN(d.getTime()) ? null : d
}

const isVideoType = (type: string, url: string) => type.startsWith('video/') || /\.(mp4|m4v|mov|webm|mkv)(\?|$)/i.test(url)
const isAudioType = (type: string, url: string) => type.startsWith('audio/') || /\.(mp3|m4a|aac|ogg|oga|opus|wav|flac)(\?|$)/i.test(url)

/** The first playable enclosure (RSS enclosures, Media RSS contents, Atom enclosure links). */
function media(candidates: Array<{ url: unknown; type?: unknown; medium?: unknown }>, base: string | undefined) {
  for (const c of candidates) {
    const url = address(c.url, base)
    if (!url) continue
    const type = text(c.type).toLowerCase()
    const medium = text(c.medium).toLowerCase()
    if (medium === 'video' || isVideoType(type, url)) return { audio: null, video: url }
    if (medium === 'audio' || isAudioType(type, url)) return { audio: url, video: null }
  }
  return { audio: null, video: null }
}

function transcriptOf(podcast: Loose | undefined, base: string | undefined): ParsedItem['transcript'] {
  const offered = arr(podcast?.transcripts)
    .map((t) => obj(t))
    .filter((t): t is Loose => Boolean(t))
    .map((t) => ({ url: address(t.url, base), type: text(t.type).toLowerCase() }))
    .filter((t): t is { url: string; type: string } => Boolean(t.url))
  if (offered.length === 0) return null
  const rank = (type: string) => {
    const i = TRANSCRIPT_PREFERENCE.indexOf(type)
    return i === -1 ? TRANSCRIPT_PREFERENCE.length : i
  }
  return offered.sort((a, b) => rank(a.type) - rank(b.type))[0]!
}

/** Media RSS keeps its fields on the item itself or in `media:group`s (feedsmith: `group` and `groups`). */
function mediaGroups(m: Loose | undefined): Loose[] {
  if (!m) return []
  return [m, obj(m.group), ...arr(m.groups).map(obj)].filter((g): g is Loose => Boolean(g))
}

function mediaContents(m: Loose | undefined): Array<{ url: unknown; type?: unknown; medium?: unknown }> {
  return mediaGroups(m).flatMap((g) => arr(g.contents).map((c) => obj(c) ?? {})) as Array<{ url: unknown; type?: unknown; medium?: unknown }>
}

function mediaThumbnail(m: Loose | undefined, base: string | undefined): string | null {
  for (const g of mediaGroups(m)) {
    for (const t of arr(g.thumbnails)) {
      const url = address(obj(t)?.url, base)
      if (url) return url
    }
  }
  return null
}

function mediaDescription(m: Loose | undefined): string {
  for (const g of mediaGroups(m)) {
    const d = text(g.description)
    if (d) return d
  }
  return ''
}

/**
 * The id a refresh recognises an episode by, so it is stored once: the guid,
 * else the media address, else the link, else a hash of title and date (the
 * description stands in for a missing title only when there is no date
 * either, so ids issued before stay the same).
 */
function stableGuid(parts: { guid?: string; audio: string | null; video: string | null; link: string | null; title: string; description: string; pubDate: Date | null }): string {
  const chosen = parts.guid || parts.audio || parts.video || parts.link
  if (chosen) return clip(chosen, FEED_LIMITS.url)
  const name = parts.title || (parts.pubDate ? '' : parts.description)
  return 'sha1:' + createHash('sha1').update(`${name}\n${parts.pubDate?.toISOString() ?? ''}`).digest('hex')
}

function finishItem(item: Omit<ParsedItem, 'guid'> & { rawGuid?: string }): ParsedItem | null {
  const { rawGuid, ...rest } = item
  // Nothing to show or play (`<item/>`, or only elements we do not read): noise, not an episode.
  if (!rest.title && !rest.description && !rest.audio && !rest.video && !rest.link && !rawGuid) return null
  return {
    ...rest,
    title: clip(rest.title || (rest.pubDate ? `Episode of ${rest.pubDate.toISOString().slice(0, 10)}` : 'Untitled episode'), FEED_LIMITS.title),
    description: clip(rest.description, FEED_LIMITS.description),
    guid: stableGuid({ guid: rawGuid, ...rest }),
  }
}

function firstCategory(values: unknown): string | null {
  for (const c of arr(values)) {
    const o = obj(c)
    const name = text(o?.text ?? o?.name ?? o?.term ?? o?.label ?? c)
    if (name) return clip(name, 100)
  }
  return null
}

/** The iTunes fields that name a channel's makers, for a channel without a title: author, owner, subtitle. */
const itunesNames = (itunes: Loose | undefined) => [text(itunes?.author), text(obj(itunes?.owner)?.name), text(itunes?.subtitle)]

/** The names of the people of an Atom feed or JSON Feed (the channel's makers). */
const personNames = (people: unknown) => arr(people).map((p) => text(obj(p)?.name))

/** The show an episode says it comes from (RSS `<source>`, Atom `<source><title>`), in the first episode that says so. */
const showName = (items: unknown[]) => items.map((raw) => text(obj(obj(raw)?.source)?.title)).find(Boolean) ?? ''

function fromRss(feed: Loose, base: string | undefined): DraftFeed {
  const itunes = obj(feed.itunes)
  const items = arr(feed.items).slice(0, FEED_LIMITS.items).map((raw) => {
    const it = obj(raw) ?? {}
    const iIt = obj(it.itunes)
    const m = obj(it.media)
    const enclosures = arr(it.enclosures).map((e) => obj(e) ?? {}) as Array<{ url: unknown; type?: unknown }>
    const found = media([...enclosures, ...mediaContents(m)], base)
    const content = obj(it.content)
    return finishItem({
      rawGuid: text(it.guid),
      title: text(it.title) || text(iIt?.title),
      description: text(content?.encoded) || text(it.description) || text(iIt?.summary) || mediaDescription(m),
      thumbnail: address(iIt?.image, base) ?? mediaThumbnail(m, base),
      pubDate: date(it.pubDate) ?? date(obj(it.dc)?.date),
      durationSeconds: parseDuration(iIt?.duration) ?? parseDuration(obj(mediaContents(m)[0])?.duration),
      ...found,
      link: address(it.link, base),
      transcript: transcriptOf(obj(it.podcast), base),
    })
  }).filter((i) => i !== null)
  return {
    title: text(feed.title) || text(itunes?.title),
    description: clip(text(feed.description) || text(itunes?.summary), FEED_LIMITS.description),
    image: address(obj(feed.image)?.url, base) ?? address(itunes?.image, base),
    category: firstCategory(itunes?.categories) ?? firstCategory(feed.categories),
    items,
    names: [...itunesNames(itunes), showName(arr(feed.items))],
  }
}

/** Atom, including YouTube channel feeds, whose videos become `youtube:{id}`. */
function fromAtom(feed: Loose, base: string | undefined): DraftFeed {
  const items = arr(feed.entries).slice(0, FEED_LIMITS.items).map((raw) => {
    const e = obj(raw) ?? {}
    const links = arr(e.links).map((l) => obj(l) ?? {})
    const m = obj(e.media)
    const videoId = text(obj(e.yt)?.videoId) || (/^yt:video:([\w-]{6,20})$/.exec(text(e.id))?.[1] ?? '')
    const enclosureLinks = links.filter((l) => text(l.rel) === 'enclosure').map((l) => ({ url: l.href, type: l.type }))
    const found = videoId ? { audio: null, video: `${YOUTUBE_PREFIX}${videoId}` } : media([...enclosureLinks, ...mediaContents(m)], base)
    const alternate = links.find((l) => !text(l.rel) || text(l.rel) === 'alternate')
    return finishItem({
      rawGuid: text(e.id),
      title: text(e.title) || text(obj(obj(m?.group)?.title)),
      description: text(e.content) || text(e.summary) || mediaDescription(m),
      thumbnail: mediaThumbnail(m, base),
      pubDate: date(e.published) ?? date(e.updated),
      durationSeconds: parseDuration(obj(mediaContents(m)[0])?.duration),
      ...found,
      link: address(alternate?.href, base),
      transcript: transcriptOf(obj(e.podcast), base),
    })
  }).filter((i) => i !== null)
  return {
    title: text(feed.title),
    description: clip(text(feed.subtitle), FEED_LIMITS.description),
    image: address(feed.logo, base) ?? address(feed.icon, base),
    category: firstCategory(feed.categories),
    items,
    names: [...itunesNames(obj(feed.itunes)), ...personNames(feed.authors), showName(arr(feed.entries))],
  }
}

function fromJson(feed: Loose, base: string | undefined): DraftFeed {
  const items = arr(feed.items).slice(0, FEED_LIMITS.items).map((raw) => {
    const it = obj(raw) ?? {}
    const attachments = arr(it.attachments).map((a) => obj(a) ?? {}).map((a) => ({ url: a.url, type: a.mime_type ?? a.mimeType }))
    const first = obj(arr(it.attachments)[0])
    return finishItem({
      rawGuid: text(it.id),
      title: text(it.title),
      description: text(it.content_html ?? it.contentHtml) || text(it.content_text ?? it.contentText) || text(it.summary),
      thumbnail: address(it.image, base),
      pubDate: date(it.date_published ?? it.datePublished),
      durationSeconds: parseDuration(first?.duration_in_seconds ?? first?.durationInSeconds),
      ...media(attachments, base),
      link: address(it.url, base),
      transcript: null,
    })
  }).filter((i) => i !== null)
  return {
    title: text(feed.title),
    description: clip(text(feed.description), FEED_LIMITS.description),
    image: address(feed.icon, base),
    category: null,
    items,
    names: personNames(feed.authors ?? (feed.author ? [feed.author] : [])),
  }
}

/** The host of an address (`podcasts.example.org`), or '' when it is not one. */
function hostOf(url: string | undefined): string {
  if (!url) return ''
  try {
    return new URL(url).hostname
  } catch {
    return ''
  }
}

/**
 * A channel without a title is still read, as podcast apps and feedparser
 * read it: the user can tell it apart by what stands in, and rename it.
 * Best first: a title this channel had before (`knownTitle`: a followed
 * channel keeps its name when the publisher drops it), the channel's iTunes
 * names, the show its first episode names, the host of its address. Refused
 * are only RSS or RDF items with no channel around them, and a document with
 * neither a title nor any episode. Entries with no link, date or guid are
 * still kept (finishItem).
 */
function finishFeed(draft: DraftFeed, format: string, source: string, named: { knownTitle?: string; address?: string }): ParsedFeed {
  const { names, ...feed } = draft
  if (!feed.title && (format === 'rss' || format === 'rdf') && !CHANNEL.test(source)) throw new FeedParseError('no-channel', 'items without a channel')
  if (!feed.title && feed.items.length === 0) throw new FeedParseError('empty', 'no title and no items')
  const title = [feed.title, named.knownTitle ?? '', ...names, hostOf(named.address)].find((t) => t.trim())
  // Only a document read without its address can get here (the routes always have one).
  if (!title) throw new FeedParseError('no-title', 'the channel has no title')
  return { ...feed, title: clip(title.trim(), FEED_LIMITS.title) }
}

/** The name of the root element, for telling a broken feed from a page that is not one. */
const FEED_ROOT = /<(?:[\w.-]+:)?(rss|feed|rdf)[\s>/]/i
const CHANNEL = /<(?:[\w.-]+:)?channel[\s>/]/i

/**
 * Parses RSS 2.0 / 0.9x, RDF, Atom (YouTube channels included) and JSON Feed.
 * `base` resolves relative addresses. Feeds as publishers write them are
 * repaired first (repair-xml.ts: a bare `&`, a document cut off after its
 * last complete item, a DTD with entity declarations, never expanded).
 * Throws FeedParseError when the document is not a feed, not well-formed, or
 * a feed with nothing in it; a feed with odd or missing fields gives what it
 * has (items without media are kept, their play button stays off; a channel
 * without a title is named by finishFeed). `address` is the one the user
 * gave (default `base`); `knownTitle` the title a stored channel has.
 */
export function parseFeedDocument(body: string, base?: string, named: { knownTitle?: string; address?: string } = {}): ParsedFeed {
  const trimmed = body.replace(/^\uFEFF/, '').trimStart()
  // A JSON Feed is left as it is: `&` in its strings is text.
  const source = trimmed.startsWith('<') ? repairFeedXml(trimmed) : trimmed
  let result: ReturnType<typeof parseAnyFeed>
  try {
    result = parseAnyFeed(source)
  } catch (error) {
    const message = (error as Error).message ?? String(error)
    const head = source.slice(0, 4096)
    const root = source.startsWith('<') ? FEED_ROOT.exec(head)?.[1] : undefined
    if (/unrecognized feed format/i.test(message)) {
      // Not a feed, or XML broken so badly that no format could be detected.
      throw new FeedParseError(root ? 'invalid-xml' : 'not-a-feed', message)
    }
    // Parsed, but nothing a feed is made of was found in it.
    if (/invalid feed format/i.test(message)) {
      throw new FeedParseError(root && root.toLowerCase() !== 'feed' && !CHANNEL.test(source) ? 'no-channel' : 'empty', message)
    }
    throw new FeedParseError('invalid-xml', message)
  }
  const feed = obj(result.feed) ?? {}
  const naming = { knownTitle: named.knownTitle, address: named.address ?? base }
  if (result.format === 'rss' || result.format === 'rdf') return finishFeed(fromRss(feed, base), result.format, source, naming)
  if (result.format === 'atom') return finishFeed(fromAtom(feed, base), result.format, source, naming)
  return finishFeed(fromJson(feed, base), result.format, source, naming)
}
