import { ConfigError, loadConfig } from './config'
import { DataDirLockedError } from './db/data-dir-lock'
import { startEmbedded } from './db/embedded-start'
import { unsupportedRuntime } from './runtime'

/** loadConfig -> openDatabase -> buildApp -> listen, and a graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  const unsupported = unsupportedRuntime()
  if (unsupported) {
    console.error(unsupported)
    process.exit(1)
  }
  const config = loadConfig()
  // The embedded database starts in its own thread while this one loads the app's modules (decision 0012: a start answers within 2 s).
  const embedded = config.databaseUrl ? undefined : startEmbedded(config.dataDir)
  embedded?.catch(() => undefined)
  const [{ openDatabase }, { buildApp }, { serveBackupSocket }] = await Promise.all([import('./db/client'), import('./app'), import('./db/backup-socket')])
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, embedded })
  const app = await buildApp(config, { database })
  // Embedded mode: `npm run backup` asks this process for a consistent snapshot (decision 0009).
  const backups = database.snapshot ? await serveBackupSocket({ database, dataDir: config.dataDir, storageDir: config.storageDir, log: app.log }) : undefined

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing requests in flight, then stopping`)
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    try {
      await app.close()
      await backups?.close()
      await database.close()
    } finally {
      process.exit(0)
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  if (config.processRole === 'worker') {
    await app.ready()
    app.log.info(`Lingocast worker ${app.jobs.workerId} is running jobs (no HTTP in the worker role)`)
    return
  }
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    app.log.error(error)
    await backups?.close()
    await database.close()
    process.exit(1)
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  const port = (app.server.address() as { port: number }).port
  app.log.info(`Lingocast is ready: http://${shown}:${port}/console/ (database: ${database.mode === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exit(1)
})
