import { loadConfig } from '../config'
import { copyDatabase } from '../db/copy-database'
import { openDatabase } from '../db/client'

/**
 * `npm run db:copy-to-postgres -- postgres://user:pass@host/db`
 * Copies the embedded database under DATA_DIR into an empty PostgreSQL
 * database. Stop the server first: the copy takes the data dir's lock.
 */
const targetUrl = process.argv[2]
if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
  console.error('Usage: npm run db:copy-to-postgres -- postgres://user:password@host:5432/database')
  process.exit(2)
}
const config = loadConfig()
const source = await openDatabase({ dataDir: config.dataDir })
const target = await openDatabase({ databaseUrl: targetUrl, dataDir: config.dataDir, migrate: false })
try {
  const copied = await copyDatabase(source.pool, target.pool)
  console.table(copied)
  console.log(`Copied ${config.dataDir} to the PostgreSQL database. Start with DATABASE_URL=<that address> npm start.`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await target.close()
  await source.close()
}
