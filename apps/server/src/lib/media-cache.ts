import { mkdir, open, readdir, rm, stat, utimes, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { cutWhenSlow, type LowSpeedLimit } from './fetched-body'
import { createCacheDir, defined } from './media-cache-dir'
import { Download, type DownloadHost, type MediaDownload, type MediaMeta } from './media-cache-download'
import { STALE_TEMP_MS } from './sweep-temp'

export type { MediaDownload, MediaMeta } from './media-cache-download'

/**
 * Whole copies of remote media files, kept so that the media proxy can answer
 * Range requests for hosts that ignore them (ARCHITECTURE.md s4: without Range
 * the browser cannot seek). Keyed by the address and shared by every user who
 * may play it (access is checked before the cache is asked).
 *
 * On disk (media-cache-dir.ts), one directory: a description per entry naming
 * its data file. A download (media-cache-download.ts) becomes an entry only once
 * every announced byte is there: renamed into place, then described. So a
 * cut-off transfer, a crash or a host that sends fewer bytes than it announced
 * never leaves a file that is served as complete; leftovers are swept by age.
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
  const cacheDir = createCacheDir(dir)
  const { keyOf, metaPath, readMeta, writeMeta, removeEntry, entries } = cacheDir
  const host: DownloadHost = {
    cacheDir,
    now,
    serial,
    release: (bytes) => void (reserved -= bytes),
    ended: (key) => void downloads.delete(key),
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
        download = new Download(host, key, address, meta, options.lowSpeed ? cutWhenSlow(body, options.lowSpeed) : body)
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
