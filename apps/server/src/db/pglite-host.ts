import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

export interface PgliteHost {
  /** Directory holding the `.s.PGSQL.5432` socket; node-postgres takes it as `host`. */
  socketDir: string
  /** Dumps the data dir and links the stored files into `stagingDir` at one instant (a backup; see storage-snapshot.mjs). */
  snapshot(options: { storageDir: string; stagingDir: string }): Promise<Snapshot>
  stop(): Promise<void>
}

export interface StorageSnapshot {
  /** Stored files at the instant, relative to the storage dir. */
  files: string[]
  /** Whether every listed file was hard-linked into the staging dir (false: another file system). */
  linked: boolean
}

type WorkerMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'error'; message: string }
export interface Snapshot extends StorageSnapshot {
  databaseBytes: number
  /** How long queries waited while it was taken. */
  pausedMs: number
}

type SnapshotReply = { type: 'snapshot'; id: number; result?: Snapshot; error?: string }

/** The prefix of the socket directories in the system's temporary directory. */
const SOCKET_DIR_PREFIX = 'lingocast-pg-'

/**
 * Removes the socket directory an earlier host of the same data dir named in
 * `record` and did not remove itself: a server killed with SIGKILL (or OOM, or
 * a power cut) stops no host, and left one behind at every such end. Only a
 * directory of ours is removed: the record names it by an absolute path whose
 * last part has our prefix, and it is a real directory, not a link.
 */
function removeStaleSocketDir(record: string): void {
  let recorded: string
  try {
    recorded = readFileSync(record, 'utf8').trim()
  } catch {
    return
  }
  if (path.isAbsolute(recorded) && path.basename(recorded).startsWith(SOCKET_DIR_PREFIX)) {
    const stat = lstatSync(recorded, { throwIfNoEntry: false })
    if (stat?.isDirectory()) rmSync(recorded, { recursive: true, force: true })
  }
  rmSync(record, { force: true })
}

export interface PgliteHostOptions {
  /**
   * A file under DATA_DIR naming the socket directory while the host runs. The
   * caller holds the data dir (its lock, or a test's own copy), so a directory
   * named there at start belongs to a host of this data dir that is gone.
   */
  socketDirRecord?: string
  /** A migrated data dir to copy when `dataDir` has no cluster yet (db/template.ts), instead of creating one. */
  template?: string
}

/**
 * Starts PGlite on `dataDir` in a worker thread. The socket lives in a short
 * temporary directory because Unix socket paths are limited to ~107 bytes and
 * DATA_DIR may be deep (and not every file system under it holds a socket);
 * `socketDirRecord` lets the next start remove it when this host never stops.
 */
export async function startPgliteHost(dataDir: string, options: PgliteHostOptions = {}): Promise<PgliteHost> {
  const record = options.socketDirRecord
  // A new data dir is copied from the build's template by the database's thread (pglite-worker.mjs), or
  // created by a thread that then ends, taking initdb's memory with it.
  if (!existsSync(path.join(dataDir, 'PG_VERSION')) && !options.template) {
    const creator = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, initOnly: true } })
    try {
      await nextMessage(creator, 'ready')
    } finally {
      await creator.terminate()
    }
  }
  if (record) removeStaleSocketDir(record)
  const socketDir = mkdtempSync(path.join(os.tmpdir(), SOCKET_DIR_PREFIX))
  const removeSocketDir = () => {
    rmSync(socketDir, { recursive: true, force: true })
    if (record) rmSync(record, { force: true })
  }
  if (record) {
    try {
      mkdirSync(path.dirname(record), { recursive: true })
      writeFileSync(record, `${socketDir}\n`)
    } catch (error) {
      removeSocketDir()
      throw error
    }
  }
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432'), template: options.template },
  })
  const next = (type: WorkerMessage['type']) => nextMessage(worker, type)

  try {
    await next('ready')
  } catch (error) {
    await worker.terminate()
    removeSocketDir()
    throw error
  }

  let stopping: Promise<void> | undefined
  let nextId = 0
  return {
    socketDir,
    snapshot(options) {
      const id = ++nextId
      return new Promise((resolve, reject) => {
        const onMessage = (m: SnapshotReply) => {
          if (m.type !== 'snapshot' || m.id !== id) return
          done()
          if (m.result) resolve(m.result)
          else reject(new Error(`Snapshot of the embedded database failed: ${m.error}`))
        }
        const onExit = (code: number) => {
          done()
          reject(new Error(`Embedded database worker exited with code ${code}`))
        }
        const done = () => {
          worker.off('message', onMessage)
          worker.off('exit', onExit)
        }
        worker.on('message', onMessage)
        worker.on('exit', onExit)
        worker.postMessage({ type: 'snapshot', id, ...options })
      })
    },
    stop() {
      stopping ??= (async () => {
        const stopped = next('stopped').catch(() => undefined)
        worker.postMessage({ type: 'stop' })
        await stopped
        await worker.terminate()
        removeSocketDir()
      })()
      return stopping
    },
  }
}

/** The worker's next message of `type`; its error message or exit rejects. */
function nextMessage(worker: Worker, type: WorkerMessage['type']): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (m: WorkerMessage) => {
      if (m.type === type) done(resolve)
      else if (m.type === 'error') done(() => reject(new Error(`Embedded database failed to start: ${m.message}`)))
    }
    const onExit = (code: number) => done(() => reject(new Error(`Embedded database worker exited with code ${code}`)))
    const done = (fn: () => void) => {
      worker.off('message', onMessage)
      worker.off('exit', onExit)
      fn()
    }
    worker.on('message', onMessage)
    worker.on('exit', onExit)
  })
}
