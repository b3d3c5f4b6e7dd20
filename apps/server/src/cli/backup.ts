import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { loadConfig, type Config } from '../config'
import { snapshotsDir, takeSnapshot, SNAPSHOT_FILE, type SnapshotManifest } from '../db/backup-snapshot'
import { BACKUP_SOCKET_POINTER } from '../db/backup-socket'
import { openDatabase, type Database } from '../db/client'
import { DataDirLockedError, LOCK_DIR } from '../db/data-dir-lock'
import { BackupError, writeBackup } from './backup-archive'

/**
 * `npm run backup -- <backup.tar.gz>`
 * A consistent backup of the embedded mode (database and stored files) while
 * the server runs: the running server takes the snapshot (db/backup-socket.ts);
 * with no server running, this command opens DATA_DIR itself. Restore with
 * `npm run restore`. See docs/decisions/0009-embedded-backups.md.
 */
const target = process.argv[2]
if (!target || target.startsWith('-')) {
  console.error('Usage: npm run backup -- <backup.tar.gz>   (DATA_DIR as for npm start)')
  process.exit(2)
}

/** A server that holds the lock but has not opened its backup socket yet is still starting. */
const STARTING_WAIT_MS = 60_000

async function fromRunningServer(dataDir: string): Promise<string> {
  const pointer = path.join(dataDir, LOCK_DIR, BACKUP_SOCKET_POINTER)
  const until = Date.now() + STARTING_WAIT_MS
  for (;;) {
    const socketPath = await readFile(pointer, 'utf8').catch(() => undefined)
    const answer = socketPath ? await post(socketPath, '/snapshot').catch((error: NodeJS.ErrnoException) => ({ error })) : undefined
    if (answer && 'status' in answer) {
      const body = JSON.parse(answer.body) as { dir?: string; error?: string }
      if (answer.status === 200 && body.dir) return body.dir
      throw new BackupError(`The server could not take a snapshot: ${body.error ?? answer.status}`)
    }
    if (Date.now() > until) {
      const why = answer?.error ? ` (${answer.error.code ?? answer.error.message} on ${socketPath})` : ''
      throw new BackupError(
        `A server holds DATA_DIR ${dataDir} but does not answer for backups${why}. ` +
          'Run this command on the machine (or in the container) where that server runs, as the same user.',
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

function post(socketPath: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: url, method: 'POST' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** The snapshot's staging directory, and who took it. */
async function snapshot(config: Config): Promise<{ dir: string; by: string }> {
  let database: Database | undefined
  try {
    database = await openDatabase({ dataDir: config.dataDir, migrate: false })
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
  }
  if (!database) return { dir: await fromRunningServer(config.dataDir), by: 'the running server' }
  // No server runs and none can start while this holds the lock: nothing changes meanwhile.
  try {
    return { dir: (await takeSnapshot(database, config)).dir, by: 'this command (no server was running)' }
  } finally {
    await database.close()
  }
}

const config = loadConfig()
const file = path.resolve(target)
try {
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set: this command backs up the embedded database. Back up PostgreSQL with pg_dump and the stored files with your storage\'s tools (docs/operating.md, Backups).')
  }
  if (config.storage.kind !== 'local') {
    throw new BackupError('STORAGE_URL names a bucket: this command backs up stored files on local disk. Back up the bucket with its own tools (docs/operating.md, Backups).')
  }
  if (existsSync(file)) throw new BackupError(`${file} already exists; give the backup a new name.`)
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`)
  if (!existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) throw new BackupError(`No embedded database in DATA_DIR ${config.dataDir}: nothing to back up.`)
  const started = Date.now()
  const { dir, by } = await snapshot(config)
  try {
    if (path.dirname(dir) !== snapshotsDir(config.dataDir)) throw new BackupError(`The server answered with an unexpected snapshot folder: ${dir}`)
    const taken = JSON.parse(await readFile(path.join(dir, SNAPSHOT_FILE), 'utf8')) as SnapshotManifest
    const manifest = await writeBackup({ snapshotDir: dir, snapshot: taken, storageDir: config.storageDir, target: file, warn: (line) => console.warn(line) })
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`
    console.log(
      `Backed up ${config.dataDir} as of ${manifest.createdAt} (snapshot by ${by}, queries paused ${taken.pausedMs} ms): database ${mb(manifest.database.bytes)}, ` +
        `${manifest.storage.files} stored files ${mb(manifest.storage.bytes)}, in ${((Date.now() - started) / 1000).toFixed(1)} s, to ${file}`,
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exitCode = 1
}
