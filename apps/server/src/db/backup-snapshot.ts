import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sweepStaleEntries } from '../lib/sweep-temp'
import type { Database } from './client'

/** What a snapshot directory holds, beside `pgdata/` (a copy of the data dir) and `storage/` (the linked files). */
export interface SnapshotManifest {
  createdAt: string
  /** Stored files at the instant, relative to the storage dir. */
  files: string[]
  /** All of them linked into `storage/` here; false: read them from the storage dir (decision 0009). */
  linked: boolean
  databaseBytes: number
  /** How long queries waited while the instant was taken. */
  pausedMs: number
}

export const SNAPSHOT_FILE = 'snapshot.json'
/** A backup of many gigabytes takes a while to write; a snapshot this old was abandoned by a killed backup. */
const ABANDONED_MS = 24 * 3_600_000

/** Where snapshots are staged: in DATA_DIR, so the stored files can be hard-linked (same file system). */
export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'backups')
}

/**
 * The embedded database and the stored files at one instant, staged under
 * DATA_DIR/tmp/backups/<id>. The backup command copies from there and then
 * removes it. Works on a database a running server holds (through its backup
 * socket) and on one the command opened itself.
 */
export async function takeSnapshot(database: Database, dirs: { dataDir: string; storageDir: string }): Promise<{ dir: string; manifest: SnapshotManifest }> {
  if (!database.snapshot) throw new Error('Backups of this kind are for the embedded database; back up PostgreSQL with pg_dump.')
  const root = snapshotsDir(dirs.dataDir)
  await sweepStaleEntries(root, () => true, ABANDONED_MS)
  const dir = path.join(root, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`)
  await mkdir(dir, { recursive: true })
  try {
    // Not needed for correctness (the copy is crash-consistent); it leaves little WAL to replay on restore.
    await database.pool.query('CHECKPOINT')
    const createdAt = new Date().toISOString()
    const taken = await database.snapshot({ storageDir: dirs.storageDir, stagingDir: dir })
    const manifest: SnapshotManifest = { createdAt, ...taken }
    await writeFile(path.join(dir, SNAPSHOT_FILE), JSON.stringify(manifest))
    return { dir, manifest }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
