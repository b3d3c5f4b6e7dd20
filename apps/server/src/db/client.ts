import path from 'node:path'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock'
import { startPgliteHost, type PgliteHost } from './pglite-host'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

export interface Database {
  db: Db
  pool: pg.Pool
  mode: 'pglite' | 'postgres'
  /** Embedded mode only: the database and stored files at one instant, for a backup (db/backup-snapshot.ts). */
  snapshot?: PgliteHost['snapshot']
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** PostgreSQL server; when absent the embedded PGlite under `dataDir` is used. */
  databaseUrl?: string | undefined
  dataDir: string
  /** Tests copy an already-migrated template and lock nothing. */
  lock?: boolean
  migrate?: boolean
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations')
/** In DATA_DIR/tmp: the embedded database's socket directory while it runs (pglite-host.ts), so a start after a kill removes it. */
export const PG_SOCKET_DIR_RECORD = 'pg-socket-dir'
/** Serialises migrations when several processes boot against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_431_001

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const cleanups: Array<() => Promise<void>> = []
  const close = async () => {
    for (const fn of cleanups.reverse()) await fn()
  }
  try {
    let pool: pg.Pool
    let snapshot: PgliteHost['snapshot'] | undefined
    if (options.databaseUrl) {
      pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    } else {
      if (options.lock !== false) cleanups.push(await lockDataDir(options.dataDir))
      const host = await startPgliteHost(path.join(options.dataDir, 'pgdata'), { socketDirRecord: path.join(options.dataDir, 'tmp', PG_SOCKET_DIR_RECORD) })
      cleanups.push(() => host.stop())
      snapshot = host.snapshot
      // A single connection, like PGlite itself. A query on the pool from inside
      // a transaction callback waits for this one connection (hazard 1): the
      // timeout turns that hang into an error that names the mistake.
      pool = new pg.Pool({
        host: host.socketDir,
        user: 'postgres',
        database: 'postgres',
        max: 1,
        connectionTimeoutMillis: 30_000,
      })
    }
    if (!options.databaseUrl) {
      // A new connection to PGlite joins the same single session, whose named
      // prepared statements outlive the connection that made them. Without
      // this, the first query error (after which node-postgres reconnects)
      // left every named statement failing with "already exists", sign-in included.
      pool.on('connect', (client) => void client.query('DEALLOCATE ALL').catch(() => undefined))
    }
    cleanups.push(() => pool.end())
    pool.on('error', (error) => console.error('Idle database connection failed:', error.message))
    const db = drizzle(pool, { schema })
    if (options.migrate !== false) await runMigrations(pool)
    return { db, pool, mode: options.databaseUrl ? 'postgres' : 'pglite', snapshot, close }
  } catch (error) {
    await close().catch(() => undefined)
    throw error
  }
}

export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
    }
  } finally {
    client.release()
  }
}
