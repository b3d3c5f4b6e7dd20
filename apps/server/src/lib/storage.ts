import { createReadStream, type Dirent } from 'node:fs'
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat as statFile, writeFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where stored media and images live. Addresses of stored files are paths
 * starting with '/' (spec 000 s5: such thumbnails get the storage jump
 * prefix). Local disk under DATA_DIR/storage by default, or an S3-compatible
 * bucket (lib/s3-storage.ts) when STORAGE_URL says so; either way read-only
 * mounts (the demo content shipped with the app) stay on local disk.
 */
export interface Storage {
  /**
   * Moves a complete local file (already flushed to disk) into storage at
   * `address`. All or nothing: the address never names a partial file, and a
   * failed put leaves whatever was there before.
   */
  put(localFile: string, address: string): Promise<void>
  /** Deletes a stored file; a missing one is not an error. */
  remove(address: string): Promise<void>
  /** Size (and validators where the backend has them) of a stored file; undefined when missing or not an address. */
  stat(address: string): Promise<StoredFileInfo | undefined>
  /** The bytes of a stored file, `start` to `end` inclusive (the whole file without a range). Rejects with StoredFileMissing. */
  read(address: string, range?: ByteRange): Promise<Readable>
  /**
   * Runs `fn` with a local file holding the stored file, for tools that need a
   * path (ffmpeg, ffprobe). Local disk: the stored file itself, so `fn` must
   * not change it. S3: a download in a temporary directory, removed after `fn`.
   */
  withLocalFile<T>(address: string, fn: (file: string) => Promise<T>): Promise<T>
  /** Every stored address under an address prefix ('/' for all), read-only mounts excluded. */
  list(prefix: string): AsyncIterable<string>
  /** Rejects when the backend cannot be reached or written (readiness). */
  ping(): Promise<void>
}

export interface StoredFileInfo {
  size: number
  modified?: Date
  /** Quoted, as sent in the ETag header. */
  etag?: string
}

export interface ByteRange {
  start: number
  end: number
}

/** A stored file that is not there (or an address that could never be one). */
export class StoredFileMissing extends Error {
  readonly code = 'ENOENT'
  constructor(address: string) {
    super(`no stored file at ${address}`)
  }
}

export function isStoredAddress(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//')
}

/**
 * The one check every adapter applies: an address is a normalized absolute
 * path without NUL, backslash, '..' or a trailing slash. Returns it without
 * the leading slash (a key relative to the storage root), or undefined.
 */
export function addressKey(address: string): string | undefined {
  if (!isStoredAddress(address) || address.includes('\0') || address.includes('\\')) return undefined
  const normal = path.posix.normalize(address)
  if (normal !== address || normal.split('/').includes('..') || normal.endsWith('/')) return undefined
  return normal.slice(1)
}

export type Mounts = Record<string, string>

/** The read-only mount (prefix, directory) an address falls in, if any. */
export function mountOf(address: string, mounts: Mounts | undefined): [prefix: string, dir: string] | undefined {
  return Object.entries(mounts ?? {}).find(([prefix]) => address.startsWith(prefix))
}

/** The key of an address that may be written: valid and outside every read-only mount. Throws otherwise. */
export function writableKey(address: string, mounts: Mounts | undefined): string {
  const key = addressKey(address)
  if (key === undefined || mountOf(address, mounts)) throw new Error(`not a writable storage address: ${address}`)
  return key
}

/** Joins a key under a directory, refusing anything that would land outside it. */
function fileUnder(dir: string, key: string): string | undefined {
  const file = path.join(dir, key)
  return file.startsWith(path.resolve(dir) + path.sep) ? file : undefined
}

/** Local files of a valid address: the mount's directory for mounted addresses, else `root` (none without a root). */
export function localFileOf(address: string, root: string | undefined, mounts: Mounts | undefined): string | undefined {
  if (addressKey(address) === undefined) return undefined
  const mount = mountOf(address, mounts)
  if (mount) return fileUnder(mount[1], address.slice(mount[0].length))
  return root === undefined ? undefined : fileUnder(root, address.slice(1))
}

/** What both adapters do with a local file: ranged stream, stat with send-style validators, temp-free withLocalFile. */
export const localReads = {
  async stat(file: string | undefined): Promise<StoredFileInfo | undefined> {
    const info = file ? await statFile(file).catch(() => undefined) : undefined
    if (!info?.isFile()) return undefined
    // The same weak validator @fastify/send makes, so a browser's cached copy stays valid across the change.
    return { size: info.size, modified: info.mtime, etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"` }
  },
  async read(file: string | undefined, address: string, range?: ByteRange): Promise<Readable> {
    if (!(await localReads.stat(file))) throw new StoredFileMissing(address)
    const stream = createReadStream(file!, range ? { start: range.start, end: range.end } : {})
    // Opened before it is handed out: a file removed in between is missing, not a broken response.
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject)).catch(() => {
      throw new StoredFileMissing(address)
    })
    return stream
  },
  async withLocalFile<T>(file: string | undefined, address: string, fn: (file: string) => Promise<T>): Promise<T> {
    if (!(await localReads.stat(file))) throw new StoredFileMissing(address)
    return fn(file!)
  },
}

export function createLocalStorage(options: { root: string; mounts?: Mounts }): Storage {
  const { root, mounts } = options
  const resolve = (address: string) => localFileOf(address, root, mounts)
  const writable = (address: string) => {
    const file = fileUnder(root, writableKey(address, mounts))
    if (!file) throw new Error(`not a writable storage address: ${address}`)
    return file
  }
  return {
    async put(localFile, address) {
      const target = writable(address)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(localFile, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        // Another disk: copy beside the target, then rename there, so the address still appears whole.
        const beside = `${target}.${process.pid}.partial`
        try {
          await copyFile(localFile, beside)
          await rename(beside, target)
        } finally {
          await rm(beside, { force: true })
        }
        await rm(localFile, { force: true })
      }
      await syncDir(path.dirname(target))
    },
    async remove(address) {
      await rm(writable(address), { force: true })
    },
    stat: (address) => localReads.stat(resolve(address)),
    read: (address, range) => localReads.read(resolve(address), address, range),
    withLocalFile: (address, fn) => localReads.withLocalFile(resolve(address), address, fn),
    async *list(prefix) {
      for await (const address of walk(root, '/')) if (address.startsWith(prefix) && !mountOf(address, mounts) && addressKey(address) !== undefined) yield address
    },
    ping: () => probeDir(root),
  }
}

/** Addresses of the regular files under `dir`, depth first; a missing directory has none. */
async function* walk(dir: string, address: string): AsyncGenerator<string> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = `${address}${entry.name}`
    if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${child}/`)
    // A copy cut off on its way in (put across disks) and a readiness probe's file are no stored files.
    else if (entry.isFile() && !entry.name.endsWith('.partial') && !entry.name.startsWith('.readyz-')) yield child
  }
}

/**
 * Writes, reads back and deletes a small file: permission bits alone say
 * nothing when running as root, and a full or read-only disk only shows on write.
 * The directory is made if missing, as the first upload would.
 */
async function probeDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `.readyz-${randomUUID()}`)
  const text = 'ready'
  try {
    await writeFile(file, text)
    if ((await readFile(file, 'utf8')) !== text) throw new Error('storage read back other bytes than it was given')
  } finally {
    await rm(file, { force: true })
  }
}

/** Makes a rename durable: the directory entry itself is flushed (best effort where unsupported). */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r').catch(() => undefined)
  await handle?.sync().catch(() => undefined)
  await handle?.close()
}
