import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import type { SnapshotManifest } from '../db/backup-snapshot'
import { lockDataDir } from '../db/data-dir-lock'
import { directoryHeader, END_OF_ARCHIVE, fileHeader, padding, readTar, TarError } from './tar'

/**
 * A backup is one .tar.gz: `lingocast-backup.json` first (what to expect),
 * `pgdata/...` (the PGlite data dir at the snapshot) and `storage/...` (every
 * stored file at the snapshot): a DATA_DIR as it lies on disk, so `tar -tzf`
 * lists it and `tar -xzf` alone would give a data dir PGlite opens.
 */
export const MANIFEST_NAME = 'lingocast-backup.json'
const DATABASE_PREFIX = 'pgdata/'
const STORAGE_PREFIX = 'storage/'
const FORMAT = 1

export interface BackupManifest {
  format: typeof FORMAT
  app: 'lingocast'
  /** The instant the database and the stored files were taken at. */
  createdAt: string
  database: { files: number; bytes: number }
  storage: { files: number; bytes: number }
}

export class BackupError extends Error {}

interface Source {
  name: string
  /** Undefined for a directory. */
  file: string | undefined
  size: number
  mtimeMs: number
}

/** The directories and files under `dir`, parents first, as archive entries under `prefix`. */
async function treeSources(dir: string, prefix: string): Promise<Source[]> {
  const sources: Source[] = []
  const walk = async (at: string, rel: string) => {
    for (const entry of (await readdir(at, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(at, entry.name)
      const name = `${prefix}${rel}${entry.name}`
      const info = await stat(file)
      if (entry.isDirectory()) {
        sources.push({ name, file: undefined, size: 0, mtimeMs: info.mtimeMs })
        await walk(file, `${rel}${entry.name}/`)
      } else if (entry.isFile()) {
        sources.push({ name, file, size: info.size, mtimeMs: info.mtimeMs })
      }
    }
  }
  await walk(dir, '')
  return sources
}

/**
 * Writes a snapshot (db/backup-snapshot.ts) to `target` as .tar.gz, under a
 * temporary name renamed at the end: a backup file that exists is whole.
 */
export async function writeBackup(options: { snapshotDir: string; snapshot: SnapshotManifest; storageDir: string; target: string; warn: (line: string) => void }): Promise<BackupManifest> {
  const { snapshotDir, snapshot, storageDir, target } = options
  const database = await treeSources(path.join(snapshotDir, 'pgdata'), DATABASE_PREFIX)
  const stored: Source[] = []
  for (const rel of snapshot.files) {
    // Linked files are the snapshot's own; those it could not link (another file system) are read from the storage dir.
    const staged = path.join(snapshotDir, 'storage', rel)
    const file = snapshot.linked || existsSync(staged) ? staged : path.join(storageDir, rel)
    const info = await stat(file).catch(() => undefined)
    if (!info) {
      options.warn(`${rel} was deleted after the snapshot and is not in the backup (decision 0009: only possible where stored files cannot be hard-linked)`)
      continue
    }
    stored.push({ name: STORAGE_PREFIX + rel, file, size: info.size, mtimeMs: info.mtimeMs })
  }
  const sources = [...database, ...stored]
  const databaseFiles = database.filter((s) => s.file)
  const manifest: BackupManifest = {
    format: FORMAT,
    app: 'lingocast',
    createdAt: snapshot.createdAt,
    database: { files: databaseFiles.length, bytes: databaseFiles.reduce((sum, s) => sum + s.size, 0) },
    storage: { files: stored.length, bytes: stored.reduce((sum, s) => sum + s.size, 0) },
  }

  async function* entries(): AsyncGenerator<Buffer> {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    yield fileHeader({ name: MANIFEST_NAME, size: manifestBytes.length })
    yield manifestBytes
    yield padding(manifestBytes.length)
    for (const source of sources) {
      if (!source.file) {
        yield directoryHeader(source.name, source.mtimeMs)
        continue
      }
      yield fileHeader(source)
      let written = 0
      for await (const chunk of createReadStream(source.file) as AsyncIterable<Buffer>) {
        written += chunk.length
        if (written > source.size) break
        yield chunk
      }
      // Stored files never change (one address, one content): a size that moved means something else wrote there.
      if (written !== source.size) throw new BackupError(`${source.file} changed while it was being copied (${written} bytes, expected ${source.size})`)
      yield padding(source.size)
    }
    yield END_OF_ARCHIVE
  }

  const partial = `${target}.partial`
  try {
    await pipeline(Readable.from(entries()), createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }))
    const handle = await open(partial, 'r')
    await handle.sync()
    await handle.close()
    await rename(partial, target)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return manifest
}

/** The path under `prefix` of an archive entry, if it stays inside that folder once written (no '..', no absolute path). */
function pathUnder(prefix: string, name: string): string | undefined {
  const rel = name.slice(prefix.length).replace(/\/$/, '')
  if (!name.startsWith(prefix) || rel === '' || rel.includes('\0') || rel.includes('\\')) return undefined
  const normal = path.posix.normalize(rel)
  return normal === rel && !normal.startsWith('/') && !normal.split('/').includes('..') ? normal : undefined
}

/**
 * Restores a backup into `dataDir`, which must be empty or absent. The data
 * dir is locked meanwhile, so no server starts on a half-restored one; on
 * failure everything written is removed again.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<BackupManifest & { users: number | undefined }> {
  const archiveInfo = await stat(archive).catch(() => undefined)
  if (!archiveInfo?.isFile()) throw new BackupError(`No backup file at ${archive}`)
  const existed = existsSync(dataDir)
  if (existed && (await readdir(dataDir)).length > 0) {
    throw new BackupError(`${dataDir} is not empty. Restore into a new or empty directory (move the old one aside first), then start the server with DATA_DIR pointing there.`)
  }
  const release = await lockDataDir(dataDir)
  const storageDir = path.join(dataDir, 'storage')
  const workDir = path.join(dataDir, 'tmp', 'restore')
  try {
    await mkdir(workDir, { recursive: true })
    const manifest = await unpack(archive, { pgdata: path.join(workDir, 'pgdata'), storage: path.join(workDir, 'storage') })
    const users = await openOnce(path.join(workDir, 'pgdata'))
    // Into place only once whole: a data dir never holds half a restore under its real names.
    await rename(path.join(workDir, 'pgdata'), path.join(dataDir, 'pgdata'))
    await rename(path.join(workDir, 'storage'), storageDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    await rm(path.join(dataDir, 'tmp'), { recursive: true, force: true })
    await release()
    return { ...manifest, users }
  } catch (error) {
    for (const name of ['pgdata', 'storage', 'tmp']) await rm(path.join(dataDir, name), { recursive: true, force: true })
    await release()
    if (!existed) await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}

async function unpack(archive: string, into: { pgdata: string; storage: string }): Promise<BackupManifest> {
  const gunzip = createGunzip()
  createReadStream(archive)
    .on('error', (error) => gunzip.destroy(error))
    .pipe(gunzip)
  let manifest: BackupManifest | undefined
  const counts = { database: { files: 0, bytes: 0 }, storage: { files: 0, bytes: 0 } }
  try {
    for await (const entry of readTar(gunzip)) {
      if (!manifest) {
        if (entry.name !== MANIFEST_NAME || entry.size > 1 << 20) throw new BackupError('Not a Lingocast backup (it does not start with lingocast-backup.json)')
        const chunks: Buffer[] = []
        for await (const chunk of entry.body) chunks.push(chunk)
        const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest
        if (parsed.app !== 'lingocast' || parsed.format !== FORMAT) throw new BackupError(`A backup of format ${parsed.format}; this version reads format ${FORMAT}`)
        manifest = parsed
        continue
      }
      const part = entry.name.startsWith(DATABASE_PREFIX) ? 'database' : 'storage'
      const rel = entry.type === 'other' ? undefined : pathUnder(part === 'database' ? DATABASE_PREFIX : STORAGE_PREFIX, entry.name)
      if (!rel) throw new BackupError(`The backup holds an unexpected entry: ${JSON.stringify(entry.name)}`)
      const target = path.join(part === 'database' ? into.pgdata : into.storage, rel)
      if (entry.type === 'directory') {
        await mkdir(target, { recursive: true, mode: 0o700 })
        continue
      }
      counts[part].files++
      counts[part].bytes += entry.size
      await mkdir(path.dirname(target), { recursive: true })
      await pipeline(Readable.from(entry.body), createWriteStream(target, { flags: 'wx', mode: 0o644 }))
    }
  } catch (error) {
    if (error instanceof BackupError) throw error
    // zlib and tar failures: a cut-off or damaged file, or not a .tar.gz at all.
    const reason = error instanceof TarError || (error as { code?: string }).code?.startsWith('Z_') ? (error as Error).message : String(error)
    throw new BackupError(`The backup cannot be read: ${reason}`)
  }
  if (!manifest) throw new BackupError('Not a Lingocast backup (empty archive)')
  for (const part of ['database', 'storage'] as const) {
    const [got, want] = [counts[part], manifest[part]]
    if (got.files !== want.files || got.bytes !== want.bytes) {
      throw new BackupError(`The backup is incomplete: ${got.files} ${part} files (${got.bytes} bytes) where its manifest says ${want.files} (${want.bytes} bytes)`)
    }
  }
  if (!existsSync(path.join(into.pgdata, 'PG_VERSION'))) throw new BackupError('The backup holds no database (pgdata/PG_VERSION is missing)')
  return manifest
}

/**
 * PGlite opens the copy, replays what the snapshot caught in flight (crash
 * recovery: a transaction open at the instant is rolled back), and closes
 * cleanly, so the restored data dir opens like any other.
 */
async function openOnce(pgdata: string): Promise<number | undefined> {
  const pg = await PGlite.create(pgdata)
  try {
    const { rows } = await pg.query<{ n: number }>('select count(*)::int as n from users')
    return rows[0]?.n
  } catch {
    return undefined
  } finally {
    await pg.close()
  }
}
