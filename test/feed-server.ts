import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What one path answers. A string or Buffer body (or a file's bytes) gets an
 * ETag and Last-Modified, so conditional GETs work, and byte ranges, as
 * podcast hosts serve their enclosures.
 */
export interface FeedRoute {
  body?: string | Buffer
  /** Serve this file's bytes (read at each request). */
  file?: string
  status?: number
  headers?: Record<string, string>
  /** Content-Type; default application/rss+xml; charset=utf-8. */
  type?: string
  /** Send no validators (a server that ignores conditional GET). */
  noValidators?: boolean
  /** Stream this many bytes of filler instead of `body` (a huge feed). */
  streamBytes?: number
  /** Send the headers and half the body, then nothing more (a fetch that is still running). */
  hang?: boolean
}

export interface FeedServer {
  url: string
  /** Sets (or replaces) what a path answers. */
  set(pathname: string, route: FeedRoute): void
  /** Every request seen, with its conditional headers and the status answered. */
  requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string; range?: string; status: number }>
  close(): Promise<void>
}

const LAST_MODIFIED = 'Mon, 02 Nov 2026 10:00:00 GMT'

/** A loopback HTTP server for feeds and their media, with real ETag / 304 handling. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, FeedRoute>()
  const requests: FeedServer['requests'] = []
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    const route = routes.get(pathname)
    const seen = { path: pathname, ifNoneMatch: req.headers['if-none-match'], ifModifiedSince: req.headers['if-modified-since'], range: req.headers.range, status: 0 }
    requests.push(seen)
    if (!route) {
      seen.status = 404
      res.writeHead(404).end('not found')
      return
    }
    const headers: Record<string, string> = { 'content-type': route.type ?? 'application/rss+xml; charset=utf-8', ...route.headers }
    if (route.streamBytes) {
      seen.status = 200
      res.writeHead(200, headers)
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let sent = 0
      const pump = () => {
        while (sent < route.streamBytes!) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('error', () => undefined)
      pump()
      return
    }
    const body = route.file ? readFileSync(route.file) : (route.body ?? '')
    if (route.hang) {
      seen.status = 200
      res.writeHead(200, headers)
      res.write(Buffer.from(body).subarray(0, Math.floor(Buffer.byteLength(body) / 2)))
      res.on('error', () => undefined)
      return
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
    if (range && (range[1] || range[2]) && (route.status ?? 200) === 200) {
      const bytes = Buffer.from(body)
      const size = bytes.length
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]))
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
      if (start >= size || start > end) {
        seen.status = 416
        res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
        return
      }
      seen.status = 206
      res.writeHead(206, { ...headers, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) })
      res.end(bytes.subarray(start, end + 1))
      return
    }
    if (!route.noValidators && (route.status ?? 200) === 200) {
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`
      headers.etag = etag
      headers['last-modified'] = LAST_MODIFIED
      if (req.headers['if-none-match'] === etag) {
        seen.status = 304
        res.writeHead(304, { etag }).end()
        return
      }
    }
    seen.status = route.status ?? 200
    res.writeHead(seen.status, { ...headers, 'accept-ranges': 'bytes' }).end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    set: (pathname, route) => void routes.set(pathname, route),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An RSS 2.0 podcast with the given episodes (newest first as feeds list them). */
export function podcastFeed(options: {
  title: string
  description?: string
  category?: string
  image?: string
  items: Array<{ guid: string; title: string; audio?: string; video?: string; pubDate?: string; duration?: string; description?: string; transcript?: { url: string; type: string } }>
}): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  const items = options.items
    .map(
      (i) => `<item>
  <title>${esc(i.title)}</title>
  <guid isPermaLink="false">${esc(i.guid)}</guid>
  ${i.pubDate ? `<pubDate>${i.pubDate}</pubDate>` : ''}
  ${i.audio ? `<enclosure url="${esc(i.audio)}" type="audio/mpeg" length="1000"/>` : ''}
  ${i.video ? `<enclosure url="${esc(i.video)}" type="video/mp4" length="1000"/>` : ''}
  ${i.duration ? `<itunes:duration>${i.duration}</itunes:duration>` : ''}
  ${i.transcript ? `<podcast:transcript url="${esc(i.transcript.url)}" type="${i.transcript.type}"/>` : ''}
  ${i.description ? `<description>${esc(i.description)}</description>` : ''}
</item>`,
    )
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
<title>${esc(options.title)}</title>
<description>${esc(options.description ?? '')}</description>
${options.image ? `<itunes:image href="${esc(options.image)}"/>` : ''}
${options.category ? `<itunes:category text="${esc(options.category)}"/>` : ''}
${items}
</channel>
</rss>`
}
