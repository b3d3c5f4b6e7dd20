import net from 'node:net'
import { gzipSync } from 'node:zlib'

/**
 * A loopback host that answers the way real hosts do when they are broken, old or hostile
 * (ARCHITECTURE.md s16). Every outbound path of the server is tried against each behaviour; the
 * answers are written byte by byte on a raw socket, so nothing here is tidied up by an HTTP library.
 *
 * The first segment of a request's path names the behaviour, the rest is the path the content is
 * asked for: `GET /http10-close/episode.mp3` answers `content('/episode.mp3')` as an HTTP/1.0 host
 * would. A configured endpoint (an OIDC issuer, a model's base URL, an S3 endpoint) is pointed at
 * `${host.url}/<behaviour>`.
 */
export const BEHAVIOURS = [
  /** HTTP/1.0 with no length: the body ends when the connection does. */
  'http10-close',
  /** A plain static server (python3 -m http.server): HTTP/1.0 with a length, Range ignored, the connection closed after. */
  'http10-static',
  /** The whole response (over 64 KiB) and the connection's FIN at once, before the client reads a byte. */
  'paused-early-close',
  /** Content-Length announces more than is sent, then the connection closes. */
  'length-longer',
  /** Content-Length announces less than is sent. */
  'length-shorter',
  /** A chunk size that is not hexadecimal, after a good chunk. */
  'broken-chunked',
  /** The status line and headers a byte at a time, slower than any timeout. */
  'trickle-headers',
  /** Good headers, then the body a few bytes at a time, slower than any timeout allows for the whole. */
  'trickle-body',
  /** Chunked, with no end. */
  'endless-body',
  /** A 4 GiB Content-Length, and bytes until the client gives up. */
  'oversized-body',
  /** Each answer a redirect to itself. */
  'redirect-loop',
  /** Content-Encoding gzip: a small body that inflates to 1 GiB of the content's first byte. */
  'gzip-bomb',
  /** Half the body, then a TCP reset. */
  'reset-mid-body',
] as const

export type Behaviour = (typeof BEHAVIOURS)[number]

/** What a well-behaved host would answer for a path. */
export interface Content {
  status?: number
  type: string
  body: Buffer
  headers?: Record<string, string>
}

export interface HostileHost {
  url: string
  /** `${url}/${behaviour}`: the base a configured endpoint or an address uses. */
  base(behaviour: Behaviour | 'ok'): string
  /** Requests seen: behaviour, the content's path, method, headers, and when the socket closed (ms after it opened). */
  requests: Array<{ behaviour: string; path: string; method: string; headers: Record<string, string>; body: string }>
  /** Sockets still open (a client that never lets go of a hostile host leaks them). */
  openSockets(): number
  /**
   * Every request answered as `behaviour` whatever its path says (undefined: as the path says): a host
   * that turns hostile later, or a configured endpoint whose address cannot change between cases.
   */
  actAs(behaviour: Behaviour | 'ok' | undefined): void
  close(): Promise<void>
}

export interface HostileHostOptions {
  /** The well-behaved answer for a path (after the behaviour segment); undefined answers 404. */
  content(path: string, request: { method: string; headers: Record<string, string>; body: string }): Content | undefined
  /** Pause between trickled pieces (default 500 ms). */
  trickleMs?: number
}

const GZIP_BOMB_BYTES = 1024 ** 3
let bombs: Map<number, Buffer> | undefined
/** 1 GiB of one byte, gzipped (about 1 MB), made once per byte value. */
function gzipBomb(byte: number): Buffer {
  bombs ??= new Map()
  let bomb = bombs.get(byte)
  if (!bomb) {
    const block = Buffer.alloc(64 * 1024 * 1024, byte)
    const once = gzipSync(block, { level: 9 })
    // Concatenated gzip members are one stream to every inflater that follows RFC 1952.
    bomb = Buffer.concat(Array.from({ length: GZIP_BOMB_BYTES / block.length }, () => once))
    bombs.set(byte, bomb)
  }
  return bomb
}

const REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 302: 'Found', 404: 'Not Found' }

function head(version: string, status: number, headers: Record<string, string | number>): string {
  return `HTTP/${version} ${status} ${REASONS[status] ?? 'Status'}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`
}

/** Reads one request (headers, and a body of Content-Length bytes) off a socket. */
function readRequest(socket: net.Socket): Promise<{ method: string; target: string; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0)
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      const end = buffered.indexOf('\r\n\r\n')
      if (end === -1) return
      const [line = '', ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of lines) {
        const colon = l.indexOf(':')
        if (colon > 0) headers[l.slice(0, colon).trim().toLowerCase()] = l.slice(colon + 1).trim()
      }
      const length = Number(headers['content-length'] ?? 0)
      if (headers['transfer-encoding'] === 'chunked') {
        const rest = buffered.subarray(end + 4)
        if (!rest.includes('0\r\n\r\n')) return
        socket.off('data', onData)
        const [method = 'GET', target = '/'] = line.split(' ')
        return resolve({ method, target, headers, body: dechunk(rest).toString('utf8') })
      }
      if (buffered.length < end + 4 + length) return
      socket.off('data', onData)
      const [method = 'GET', target = '/'] = line.split(' ')
      resolve({ method, target, headers, body: buffered.subarray(end + 4, end + 4 + length).toString('utf8') })
    }
    socket.on('data', onData)
    socket.once('error', reject)
  })
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const eol = raw.indexOf('\r\n', at)
    if (eol === -1) break
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16)
    if (!size) break
    parts.push(raw.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return Buffer.concat(parts)
}

export async function startHostileHost(options: HostileHostOptions): Promise<HostileHost> {
  const trickleMs = options.trickleMs ?? 500
  const requests: HostileHost['requests'] = []
  const sockets = new Set<net.Socket>()
  let acting: Behaviour | 'ok' | undefined
  const timers = new Set<NodeJS.Timeout>()
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }

  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    void serve(socket)
  })

  async function serve(socket: net.Socket): Promise<void> {
    let req: Awaited<ReturnType<typeof readRequest>>
    try {
      req = await readRequest(socket)
    } catch {
      return
    }
    const url = new URL(req.target, 'http://host')
    const [, behaviour = '', ...rest] = url.pathname.split('/')
    const path = `/${rest.join('/')}${url.search}`
    requests.push({ behaviour, path, method: req.method, headers: req.headers, body: req.body })
    const content = options.content(path, req)
    const write = (data: string | Buffer) => !socket.destroyed && socket.write(data)
    const alive = () => !socket.destroyed && !socket.writableEnded

    if (!content) {
      write(head('1.1', 404, { 'content-length': 0, connection: 'close' }))
      socket.end()
      return
    }
    const status = content.status ?? 200
    const base = { 'content-type': content.type, ...content.headers }
    const body = content.body
    switch (acting ?? (behaviour as Behaviour | 'ok')) {
      case 'ok':
        write(head('1.1', status, { ...base, 'content-length': body.length, connection: 'close' }))
        write(body)
        socket.end()
        return
      case 'http10-close':
        write(head('1.0', status, base))
        write(body)
        socket.end()
        return
      case 'http10-static':
        write(head('1.0', status, { ...base, 'content-length': body.length }))
        write(body)
        socket.end()
        return
      case 'paused-early-close': {
        // At least 64 KiB, so that the client's stream pauses before it has read it (the undici reproduction).
        const padded = body.length >= 65 * 1024 ? body : Buffer.concat([body, Buffer.alloc(65 * 1024 - body.length, 0x20)])
        socket.end(Buffer.concat([Buffer.from(head('1.1', status, { ...base, 'content-length': padded.length, connection: 'close' })), padded]))
        return
      }
      case 'length-longer':
        write(head('1.1', status, { ...base, 'content-length': body.length + 4096, connection: 'close' }))
        write(body)
        socket.end()
        return
      case 'length-shorter':
        write(head('1.1', status, { ...base, 'content-length': Math.max(0, body.length - Math.ceil(body.length / 3)) }))
        write(body)
        socket.end()
        return
      case 'broken-chunked': {
        const half = body.subarray(0, Math.ceil(body.length / 2))
        write(head('1.1', status, { ...base, 'transfer-encoding': 'chunked' }))
        write(`${half.length.toString(16)}\r\n`)
        write(half)
        write('\r\nzz-not-a-size\r\n')
        write(body.subarray(half.length))
        socket.end()
        return
      }
      case 'trickle-headers': {
        const bytes = Buffer.from(head('1.1', status, { ...base, 'content-length': body.length }))
        let at = 0
        const next = () => {
          if (!alive()) return
          if (at < bytes.length) {
            write(bytes.subarray(at, ++at))
            return later(trickleMs, next)
          }
          write(body)
          socket.end()
        }
        return next()
      }
      case 'trickle-body': {
        write(head('1.1', status, { ...base, 'content-length': body.length }))
        let at = 0
        const next = () => {
          if (!alive()) return
          if (at >= body.length) return void socket.end()
          write(body.subarray(at, (at += 8)))
          later(trickleMs, next)
        }
        return next()
      }
      case 'endless-body': {
        write(head('1.1', status, { ...base, 'transfer-encoding': 'chunked' }))
        const piece = Buffer.alloc(16 * 1024, body[0] ?? 0x61)
        const chunk = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
        const pump = () => {
          while (alive()) if (!socket.write(chunk)) return void socket.once('drain', pump)
        }
        return pump()
      }
      case 'oversized-body': {
        write(head('1.1', status, { ...base, 'content-length': 4 * 1024 ** 3 }))
        write(body)
        const piece = Buffer.alloc(64 * 1024, body[0] ?? 0x61)
        const pump = () => {
          while (alive()) if (!socket.write(piece)) return void socket.once('drain', pump)
        }
        return pump()
      }
      case 'redirect-loop':
        write(head('1.1', 302, { location: url.pathname + url.search, 'content-length': 0 }))
        socket.end()
        return
      case 'gzip-bomb': {
        const bomb = gzipBomb(body[0] ?? 0x61)
        write(head('1.1', status, { ...base, 'content-encoding': 'gzip', 'content-length': bomb.length, connection: 'close' }))
        write(bomb)
        socket.end()
        return
      }
      case 'reset-mid-body': {
        write(head('1.1', status, { ...base, 'content-length': body.length }))
        write(body.subarray(0, Math.ceil(body.length / 2)))
        later(50, () => socket.resetAndDestroy())
        return
      }
      default:
        write(head('1.1', 404, { 'content-length': 0, connection: 'close' }))
        socket.end()
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    base: (behaviour) => `${url}/${behaviour}`,
    requests,
    openSockets: () => sockets.size,
    actAs: (b) => {
      acting = b
    },
    async close() {
      for (const t of timers) clearTimeout(t)
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * What a path should make of each behaviour: the content arrives whole (a valid, if old, way to send
 * it) or the request fails with the path's own clear error. A Content-Length shorter than the body is
 * a complete answer of that many bytes in HTTP's terms; each path's test says what it makes of it.
 */
export const ARRIVES_WHOLE: ReadonlySet<Behaviour> = new Set(['http10-close', 'http10-static', 'paused-early-close'])
