import { createHash, randomBytes } from 'node:crypto'
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { cutWhenSlow, discardBody, type LowSpeedLimit } from './fetched-body'
import { STALE_TEMP_MS } from './sweep-temp'

/**
 * Whole copies of remote media files, kept so that the media proxy can answer
 * Range requests for hosts that ignore them (ARCHITECTURE.md s4: without Range
 * the browser cannot seek). Keyed by the address and shared by every user who
 * may play it (access is checked before the cache is asked).
 *
 * On disk, one directory, flat: `<sha256>.json` describes an entry and names
 * its data file `<sha256>.<id>.media`. A download is written to
 * `<sha256>.<id>.part` and becomes an entry only once every announced byte is
 * there: renamed into place, then described (the description is itself
 * written to a temp name and renamed). So a cut-off transfer, a crash or a
 * host that sends fewer bytes than it announced never leaves a file that is
 * served as complete; leftovers are swept by age.
 *
 * Size: the entries plus the downloads in flight stay within `maxBytes`; a
 * download first makes room by removing the least recently used entries (the
 * description's mtime is touched on every use) and a file bigger than the
 * whole cap is never written. Age: an entry older than `maxAgeMs` is stale;
 * the caller revalidates it (If-None-Match / If-Modified-Since) and marks it
 * fresh again, or replaces it.
 *
 * While a download runs, readers of this process are served from the part
 * file as it grows: a range already written is answered at once, a later one
 * waits for the bytes.
 */

export interface MediaMeta {
  /** Bytes of the whole file (the upstream's Content-Length). */
  size: number
  contentType?: string | undefined
  etag?: string | undefined
  lastModified?: string | undefined
}

export interface MediaCacheOptions {
  dir: string
  maxBytes: number
  maxAgeMs: number
  /** A download slower than this is cut (a trickling host would hold its room and its readers for ever). */
  lowSpeed?: LowSpeedLimit
  now?: () => number
}

/** A complete entry, opened: its bytes stay readable even if it is evicted meanwhile. */
export interface CachedMedia {
  meta: MediaMeta
  /** Fetched or revalidated within maxAgeMs. */
  fresh: boolean
  /** Bytes start..end (inclusive) of the file; closes the entry when the stream ends or is destroyed. */
  stream(start: number, end: number): Readable
  close(): Promise<void>
}

/** A download filling the cache. */
export interface MediaDownload {
  meta: MediaMeta
  /** Bytes start..end (inclusive), each sent as soon as it is written; errors if the download fails first. */
  stream(start: number, end: number): Readable
  /** True once the file is an entry; false if the download failed or was aborted. Never rejects. */
  done: Promise<boolean>
}

const storedMeta = z.object({
  address: z.string(),
  file: z.string().regex(/^[0-9a-f]{64}\.[0-9a-f]+\.media$/),
  size: z.number().int().nonnegative(),
  contentType: z.string().optional(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  fetchedAt: z.number(),
})
type StoredMeta = z.infer<typeof storedMeta>

const READ_CHUNK = 256 * 1024

export function createMediaCache(options: MediaCacheOptions) {
  const { dir, maxBytes, maxAgeMs } = options
  const now = options.now ?? Date.now
  const downloads = new Map<string, Download>()
  /** Keys whose download is being set up (room being made): a second request for one of them does not start another. */
  const starting = new Set<string>()
  /** Bytes promised to downloads in flight, counted against the cap before they are written. */
  let reserved = 0
  /** Making room is one scan-and-evict at a time, so two downloads never count the same free bytes. */
  let queue: Promise<unknown> = Promise.resolve()
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn)
    queue = run.catch(() => undefined)
    return run
  }

  const keyOf = (address: string) => createHash('sha256').update(address).digest('hex')
  const metaPath = (key: string) => path.join(dir, `${key}.json`)

  async function readMeta(file: string): Promise<StoredMeta | undefined> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text === undefined) return undefined
    try {
      const parsed = storedMeta.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  async function writeMeta(key: string, meta: StoredMeta): Promise<void> {
    const tmp = path.join(dir, `${key}.${randomBytes(6).toString('hex')}.json.tmp`)
    try {
      await writeFile(tmp, JSON.stringify(meta))
      await rename(tmp, metaPath(key))
    } finally {
      await rm(tmp, { force: true })
    }
  }

  async function removeEntry(key: string, meta: StoredMeta | undefined): Promise<void> {
    await rm(metaPath(key), { force: true })
    if (meta) await rm(path.join(dir, meta.file), { force: true })
  }

  /** Complete entries, least recently used first. */
  async function entries(): Promise<Array<{ key: string; meta: StoredMeta; usedAt: number }>> {
    const names = await readdir(dir).catch(() => [] as string[])
    const found: Array<{ key: string; meta: StoredMeta; usedAt: number }> = []
    for (const name of names) {
      const m = /^([0-9a-f]{64})\.json$/.exec(name)
      if (!m) continue
      const key = m[1]!
      const [meta, info] = await Promise.all([readMeta(path.join(dir, name)), stat(path.join(dir, name)).catch(() => undefined)])
      if (!meta || !info) continue
      found.push({ key, meta, usedAt: info.mtimeMs })
    }
    return found.sort((a, b) => a.usedAt - b.usedAt)
  }

  /** Reserves `bytes` for a download, evicting the least recently used entries; false (nothing reserved) if they cannot fit. */
  function reserve(bytes: number, replacing: string): Promise<boolean> {
    return serial(async () => {
      if (bytes > maxBytes) return false
      const all = await entries()
      // The entry this download replaces goes when it completes: its bytes are not counted twice.
      let used = reserved + all.reduce((sum, e) => sum + (e.key === replacing ? 0 : e.meta.size), 0)
      for (const entry of all) {
        if (used + bytes <= maxBytes) break
        if (entry.key === replacing) continue
        await removeEntry(entry.key, entry.meta)
        used -= entry.meta.size
      }
      if (used + bytes > maxBytes) return false
      reserved += bytes
      return true
    })
  }

  class Download implements MediaDownload {
    written = 0
    failed: Error | undefined
    finished = false
    readonly part: string
    readonly file: string
    readonly done: Promise<boolean>
    private readonly waiters = new Set<() => void>()
    private resolveDone!: (ok: boolean) => void

    constructor(readonly key: string, readonly address: string, readonly meta: MediaMeta, readonly body: Readable) {
      const id = randomBytes(6).toString('hex')
      this.part = path.join(dir, `${key}.${id}.part`)
      this.file = path.join(dir, `${key}.${id}.media`)
      this.done = new Promise((resolve) => (this.resolveDone = resolve))
    }

    notify() {
      for (const waiter of [...this.waiters]) waiter()
    }

    /** Resolves with the bytes written once they go past `pos`; rejects if the download fails first. */
    waitFor(pos: number): Promise<number> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (this.written > pos) resolve(this.written)
          else if (this.failed) reject(this.failed)
          else if (this.finished) reject(new Error('The media ended before the requested range'))
          else return
          this.waiters.delete(check)
        }
        this.waiters.add(check)
        check()
      })
    }

    async run(file: FileHandle): Promise<void> {
      let out: FileHandle | undefined = file
      let ok = false
      let released = false
      try {
        for await (const chunk of this.body as AsyncIterable<Buffer>) {
          if (this.failed) throw this.failed
          if (this.written + chunk.length > this.meta.size) throw new Error('The media host sent more bytes than it announced')
          let offset = 0
          while (offset < chunk.length) offset += (await out.write(chunk, offset, chunk.length - offset)).bytesWritten
          this.written += chunk.length
          this.notify()
        }
        if (this.failed) throw this.failed
        if (this.written !== this.meta.size) throw new Error(`The media host sent ${this.written} of ${this.meta.size} bytes`)
        await out.close()
        out = undefined
        // The reservation becomes an entry in one step that no room-making scan overlaps: a scan that listed
        // the entries before it and counted the reservations after it would count these bytes nowhere.
        await serial(async () => {
          const previous = await readMeta(metaPath(this.key))
          await rename(this.part, this.file)
          await writeMeta(this.key, { address: this.address, file: path.basename(this.file), ...defined(this.meta), size: this.meta.size, fetchedAt: now() })
          if (previous && previous.file !== path.basename(this.file)) await rm(path.join(dir, previous.file), { force: true })
          reserved -= this.meta.size
          released = true
        })
        ok = true
      } catch (error) {
        this.failed ??= error instanceof Error ? error : new Error(String(error))
        discardBody(this.body)
        await out?.close().catch(() => undefined)
        await rm(this.part, { force: true })
        await rm(this.file, { force: true })
      } finally {
        this.finished = true
        downloads.delete(this.key)
        if (!released) reserved -= this.meta.size
        this.notify()
        this.resolveDone(ok)
      }
    }

    abort() {
      this.failed ??= new Error('The download was aborted')
      discardBody(this.body)
      this.notify()
    }

    stream(start: number, end: number): Readable {
      return new GrowingFileReader(this, start, end)
    }
  }

  /** Reads a range of a download's part file, waiting for bytes not yet written. */
  class GrowingFileReader extends Readable {
    private handle: FileHandle | undefined
    private pos: number

    constructor(private readonly download: Download, start: number, private readonly end: number) {
      super({ highWaterMark: READ_CHUNK })
      this.pos = start
    }

    override _construct(callback: (error?: Error | null) => void): void {
      open(this.download.part, 'r')
        .catch(async (error: NodeJS.ErrnoException) => {
          // Finished meanwhile: the part file is now the entry's data file (same bytes).
          if (error.code === 'ENOENT' && (await this.download.done)) return open(this.download.file, 'r')
          throw this.download.failed ?? error
        })
        .then((handle) => {
          this.handle = handle
          callback()
        }, callback)
    }

    override _read(size: number): void {
      this.pump(size).catch((error: Error) => this.destroy(error))
    }

    private async pump(size: number): Promise<void> {
      if (this.pos > this.end) {
        this.push(null)
        return
      }
      const written = await this.download.waitFor(this.pos)
      if (this.destroyed || !this.handle) return
      const length = Math.min(size, READ_CHUNK, this.end + 1 - this.pos, written - this.pos)
      const buffer = Buffer.allocUnsafe(length)
      const { bytesRead } = await this.handle.read(buffer, 0, length, this.pos)
      if (this.destroyed) return
      if (bytesRead === 0) throw new Error('The cached media is shorter than written')
      this.pos += bytesRead
      this.push(buffer.subarray(0, bytesRead))
      if (this.pos > this.end) this.push(null)
    }

    override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
      const handle = this.handle
      this.handle = undefined
      if (!handle) return callback(error)
      handle.close().then(
        () => callback(error),
        () => callback(error),
      )
    }
  }

  return {
    /** The complete entry of `address`, opened, or undefined. Counts as a use (least recently used goes first). */
    async get(address: string): Promise<CachedMedia | undefined> {
      const key = keyOf(address)
      const meta = await readMeta(metaPath(key))
      if (!meta || meta.address !== address) return undefined
      const handle = await open(path.join(dir, meta.file), 'r').catch(() => undefined)
      if (!handle) return undefined
      const info = await handle.stat().catch(() => undefined)
      if (!info || info.size !== meta.size) {
        await handle.close()
        return undefined
      }
      const at = new Date(now())
      await utimes(metaPath(key), at, at).catch(() => undefined)
      let streamed = false
      return {
        meta: { size: meta.size, contentType: meta.contentType, etag: meta.etag, lastModified: meta.lastModified },
        fresh: now() - meta.fetchedAt < maxAgeMs,
        stream(start, end) {
          streamed = true
          return handle.createReadStream({ start, end, autoClose: true })
        },
        close: async () => {
          if (!streamed) await handle.close().catch(() => undefined)
        },
      }
    },

    /** The upstream confirmed the entry (304): fresh for another maxAgeMs, with the validators it sent. */
    async revalidated(address: string, validators: { etag?: string | undefined; lastModified?: string | undefined }): Promise<void> {
      const key = keyOf(address)
      const meta = await readMeta(metaPath(key))
      if (!meta || meta.address !== address) return
      await writeMeta(key, { ...meta, ...defined(validators), fetchedAt: now() })
    },

    async remove(address: string): Promise<void> {
      const key = keyOf(address)
      const meta = await readMeta(metaPath(key))
      if (meta?.address === address) await removeEntry(key, meta)
    },

    /** The download of `address` running in this process, if any. */
    downloading(address: string): MediaDownload | undefined {
      return downloads.get(keyOf(address))
    },

    /**
     * Starts writing `body` (the whole file, `meta.size` bytes) into the cache.
     * Undefined when it cannot be cached (bigger than the cap, no room next to
     * the downloads in flight, already starting): the caller keeps the body.
     * Otherwise the download owns the body and runs to its end whoever reads it.
     */
    async download(address: string, meta: MediaMeta, body: Readable): Promise<MediaDownload | undefined> {
      const key = keyOf(address)
      if (meta.size > maxBytes || downloads.has(key) || starting.has(key)) return undefined
      // Not read while room is made: an upstream error meanwhile must not be an uncaught one.
      body.on('error', () => undefined)
      starting.add(key)
      let out: FileHandle | undefined
      let download: Download
      try {
        // A cache dir that cannot be written (permissions, a full disk) only means no copy: the caller reads past.
        if (!(await mkdir(dir, { recursive: true }).then(() => true, () => false))) return undefined
        if (!(await reserve(meta.size, key))) return undefined
        download = new Download(key, address, meta, options.lowSpeed ? cutWhenSlow(body, options.lowSpeed) : body)
        out = await open(download.part, 'wx').catch(() => undefined)
        if (!out) {
          reserved -= meta.size
          return undefined
        }
      } finally {
        starting.delete(key)
      }
      // Registered at once, so the next request for the address reads from it.
      downloads.set(key, download)
      void download.run(out)
      return download
    },

    /**
     * Removes what crashes and cut-off transfers left: part files and
     * unreferenced data files untouched for a while, descriptions whose data
     * is gone; then evicts down to the cap (it may have been lowered).
     */
    async sweep(staleMs = STALE_TEMP_MS): Promise<void> {
      const names = await readdir(dir).catch(() => undefined)
      if (!names) return
      const live = new Set<string>([...downloads.values()].map((d) => path.basename(d.part)))
      for (const { key, meta } of await entries()) {
        if (await stat(path.join(dir, meta.file)).then((s) => s.size === meta.size, () => false)) live.add(meta.file).add(`${key}.json`)
        else await removeEntry(key, meta)
      }
      for (const name of names) {
        if (live.has(name)) continue
        const info = await stat(path.join(dir, name)).catch(() => undefined)
        if (info && now() - info.mtimeMs > staleMs) await rm(path.join(dir, name), { force: true })
      }
      await reserve(0, '')
    },

    /** Aborts the downloads in flight (their readers get an error): before the fetch dispatcher closes. */
    async close(): Promise<void> {
      const running = [...downloads.values()]
      for (const download of running) download.abort()
      await Promise.all(running.map((d) => d.done))
    },
  }
}

export type MediaCache = ReturnType<typeof createMediaCache>

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
