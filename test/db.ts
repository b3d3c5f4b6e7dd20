import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../apps/server/src/db/client'
import { copyTemplate, withDatabase } from './global-setup'

export interface TestDatabase {
  database: Database
  /** For a server process started by a test: DATA_DIR or DATABASE_URL of this copy. */
  env: { DATA_DIR: string; DATABASE_URL?: string }
  /** Opens the same database again (after `database.close()`), e.g. to check what a child process wrote. */
  reopen(): Promise<Database>
  drop(): Promise<void>
}

/** A fresh, migrated database of the run's kind for one test file. */
export async function createTestDatabase(options: { open?: boolean } = {}): Promise<TestDatabase> {
  const template = inject('dbTemplate')
  if (template.kind === 'postgres') {
    const name = `lingocast_t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: template.serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`)
    await admin.end()
    const url = withDatabase(template.serverUrl, name)
    const dataDir = copyTemplate('/nonexistent')
    const open = () => openDatabase({ databaseUrl: url, dataDir, migrate: false })
    const database = options.open === false ? (undefined as unknown as Database) : await open()
    const handle: TestDatabase = {
      database,
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      reopen: open,
      async drop() {
        // The database the test holds now: a test that reopened it put the new one here.
        await handle.database?.close().catch(() => undefined)
        const c = new pg.Client({ connectionString: template.serverUrl })
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
    return handle
  }
  const dataDir = copyTemplate(template.dataDir)
  const open = () => openDatabase({ dataDir, migrate: false })
  const database = options.open === false ? (undefined as unknown as Database) : await open()
  const handle: TestDatabase = {
    database,
    env: { DATA_DIR: dataDir },
    reopen: open,
    async drop() {
      // The database the test holds now: one reopened and left open would keep the lock's heartbeat
      // running over a removed directory, and it stops the process ("Lost the lock").
      await handle.database?.close().catch(() => undefined)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return handle
}
