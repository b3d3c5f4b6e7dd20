// Runs PGlite in a worker thread and exposes it over the PostgreSQL wire
// protocol on a Unix socket, so the app talks node-postgres in both modes and
// long WASM queries never block the HTTP event loop (ARCHITECTURE.md s3, hazard 4).
// Plain JavaScript on purpose: a worker started from tsx or vitest does not
// inherit their TypeScript loaders.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { snapshotStorage } from './storage-snapshot.mjs'

/**
 * A first start: the migrated data dir `npm run build` made (db/template.ts) copied in, here in the
 * database's thread while the main one loads the app. Copied beside the data dir and then renamed,
 * so a start killed halfway leaves no half cluster that a later start would take as made.
 */
function copyTemplate(template, target) {
  if (!template || existsSync(path.join(target, 'PG_VERSION'))) return
  const parent = path.dirname(target)
  mkdirSync(parent, { recursive: true })
  const staging = mkdtempSync(path.join(parent, `.${path.basename(target)}-copy-`))
  try {
    cpSync(template, staging, { recursive: true })
    // An empty directory in the way (made by hand) goes; one with files in it is never touched (rmdir fails).
    if (existsSync(target)) rmdirSync(target)
    renameSync(staging, target)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
}

let db
let server
if (workerData.initOnly) {
  // Creating a data dir runs initdb, whose WASM module and buffers stay in
  // this thread's memory (about 500 MB) for as long as it lives. The host
  // runs creation in a thread of its own and then ends it.
  try {
    await (await PGlite.create(workerData.dataDir)).close()
    parentPort.postMessage({ type: 'ready' })
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) })
  }
} else try {
  copyTemplate(workerData.template, workerData.dataDir)
  db = await PGlite.create(workerData.dataDir)
  // The app's pool keeps one connection (PGlite has a single session). The
  // server still admits a few: node-postgres drops a connection after any
  // query error and dials a new one before this side has seen the old one
  // close, and with room for one only that new dial was refused (ECONNRESET),
  // failing the next request. The socket server's queue keeps transactions of
  // different connections apart.
  server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 4 })
  await server.start()
  parentPort.postMessage({ type: 'ready' })
} catch (error) {
  parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) })
}

/**
 * A backup's instant: the data dir copied and the stored files linked, both
 * while the query mutex (the one every socket query takes) is held, so no
 * statement runs in between. The copy is crash-consistent: a transaction open
 * at this instant is rolled back when the copy is first opened. Byte copies,
 * not links, for the database: PostgreSQL rewrites its files in place.
 */
async function snapshot({ storageDir, stagingDir }) {
  const copy = path.join(stagingDir, 'pgdata')
  const taken = await db.runExclusive(async () => {
    const started = performance.now()
    cpSync(workerData.dataDir, copy, { recursive: true })
    const storage = snapshotStorage(storageDir, path.join(stagingDir, 'storage'))
    return { ...storage, pausedMs: Math.round(performance.now() - started) }
  })
  let databaseBytes = 0
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) databaseBytes += statSync(path.join(entry.parentPath, entry.name)).size
  }
  return { ...taken, databaseBytes }
}

parentPort.on('message', async (message) => {
  if (message?.type === 'snapshot') {
    try {
      parentPort.postMessage({ type: 'snapshot', id: message.id, result: await snapshot(message) })
    } catch (error) {
      parentPort.postMessage({ type: 'snapshot', id: message.id, error: String(error?.stack ?? error) })
    }
    return
  }
  if (message?.type !== 'stop') return
  try {
    await server?.stop()
    await db?.close()
  } finally {
    parentPort.postMessage({ type: 'stopped' })
  }
})
