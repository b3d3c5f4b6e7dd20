import { randomBytes } from 'node:crypto'
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { discardBody } from './fetched-body'
import { defined, type CacheDir } from './media-cache-dir'

export interface MediaMeta {
  /** Bytes of the whole file (the upstream's Content-Length). */
  size: number
  contentType?: string | undefined
  etag?: string | undefined
  lastModified?: string | undefined
}

/** A download filling the cache. */
export interface MediaDownload {
  meta: MediaMeta
  /** Bytes start..end (inclusive), each sent as soon as it is written; errors if the download fails first. */
  stream(start: number, end: number): Readable
  /** True once the file is an entry; false if the download failed or was aborted. Never rejects. */
  done: Promise<boolean>
}

/** What a download needs of the cache that runs it. */
export interface DownloadHost {
  cacheDir: CacheDir
  now: () => number
  /** One room-making scan or one commit of a download at a time (see the cache's `reserve`). */
  serial: <T>(fn: () => Promise<T>) => Promise<T>
  /** Gives back the bytes reserved for a download: inside `serial` once it is an entry, else when it ends. */
  release(bytes: number): void
  /** The download ended, whatever the outcome: new readers no longer join it. */
  ended(key: string): void
}

const READ_CHUNK = 256 * 1024

/**
 * One download filling the cache: written to `<key>.<id>.part`, renamed to its data file and described only
 * once every announced byte is there. Readers of this process are served from the part file as it grows.
 */
export class Download implements MediaDownload {
  written = 0
  failed: Error | undefined
  finished = false
  readonly part: string
  readonly file: string
  readonly done: Promise<boolean>
  private readonly waiters = new Set<() => void>()
  private resolveDone!: (ok: boolean) => void

  constructor(private readonly host: DownloadHost, readonly key: string, readonly address: string, readonly meta: MediaMeta, readonly body: Readable) {
    const id = randomBytes(6).toString('hex')
    this.part = path.join(host.cacheDir.dir, `${key}.${id}.part`)
    this.file = path.join(host.cacheDir.dir, `${key}.${id}.media`)
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
      await this.host.serial(async () => {
        const { readMeta, metaPath, writeMeta, dir } = this.host.cacheDir
        const previous = await readMeta(metaPath(this.key))
        await rename(this.part, this.file)
        await writeMeta(this.key, { address: this.address, file: path.basename(this.file), ...defined(this.meta), size: this.meta.size, fetchedAt: this.host.now() })
        if (previous && previous.file !== path.basename(this.file)) await rm(path.join(dir, previous.file), { force: true })
        this.host.release(this.meta.size)
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
      this.host.ended(this.key)
      if (!released) this.host.release(this.meta.size)
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
