import { chmodSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './client'
import { LOCK_DIR } from './data-dir-lock'
import { takeSnapshot } from './backup-snapshot'

/** In the lock directory: the path of the running server's backup socket. */
export const BACKUP_SOCKET_POINTER = 'backup-socket'
/** Unix socket paths are limited to ~107 bytes (sun_path). */
const SOCKET_PATH_MAX = 100

/**
 * A second process cannot open a PGlite data dir in use, so `npm run backup`
 * asks the running server for a snapshot. Only through a Unix socket, never
 * the HTTP port: the socket file is mode 0600, so only the account that runs
 * the server (and can read DATA_DIR anyway) may connect. Its path is written
 * in DATA_DIR/server.lock, which exists exactly while this server holds the
 * data dir. One request: POST /snapshot answers `{ dir }`, a staging directory
 * (backup-snapshot.ts) the caller copies and then removes.
 */
export async function serveBackupSocket(options: { database: Database; dataDir: string; storageDir: string; log: FastifyBaseLogger }) {
  const { database, dataDir, storageDir, log } = options
  const lockDir = path.join(dataDir, LOCK_DIR)
  let socketPath = path.join(lockDir, 'backup.sock')
  let ownDir: string | undefined
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
    // A deep DATA_DIR: a short directory of our own, mode 0700 as mkdtemp makes it.
    ownDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-backup-'))
    socketPath = path.join(ownDir, 'backup.sock')
  }

  let busy = false
  const server = createServer((request, response) => {
    const answer = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.url !== '/snapshot') return answer(404, { error: 'not found' })
    if (request.method !== 'POST') return answer(405, { error: 'use POST' })
    if (busy) return answer(409, { error: 'a backup is already being taken; try again when it is done' })
    busy = true
    const started = Date.now()
    takeSnapshot(database, { dataDir, storageDir })
      .then(({ dir, manifest }) => {
        log.info({ files: manifest.files.length, databaseBytes: manifest.databaseBytes, pausedMs: manifest.pausedMs, ms: Date.now() - started }, 'backup snapshot taken')
        answer(200, { dir })
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup snapshot failed')
        answer(500, { error: error instanceof Error ? error.message : String(error) })
      })
      .finally(() => (busy = false))
  })
  rmSync(socketPath, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  chmodSync(socketPath, 0o600)
  const pointer = path.join(lockDir, BACKUP_SOCKET_POINTER)
  writeFileSync(`${pointer}.tmp`, socketPath)
  renameSync(`${pointer}.tmp`, pointer)

  return {
    socketPath,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      await closed
      rmSync(pointer, { force: true })
      rmSync(ownDir ?? socketPath, { recursive: true, force: true })
    },
  }
}
