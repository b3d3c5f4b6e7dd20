import path from 'node:path'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { startEmbedded, type EmbeddedStart } from './embedded-start'
import type { PgliteHost } from './pglite-host'
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
  /** false: create the cluster even when a built template exists (the template's own build). */
  template?: false
  /** The embedded database already starting (main.ts starts it before loading the rest: db/embedded-start.ts). */
  embedded?: Promise<EmbeddedStart>
}

export const migrationsFolder = path.join(import.meta.dirname, 'migrations')
export { PG_SOCKET_DIR_RECORD } from './embedded-start'
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
      const { host, unlock } = await (options.embedded ?? startEmbedded(options.dataDir, { lock: options.lock, template: options.template }))
      cleanups.push(unlock)
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
        // A new connection to PGlite joins the same single session, whose named
        // prepared statements outlive the connection that made them. Without
        // this, the first query error (after which node-postgres reconnects)
        // left every named statement failing with "already exists", sign-in included.
        // Awaited before the connection is handed out: run from the 'connect' event, it
        // overlapped the first query, which node-postgres 9 will refuse.
        onConnect: (client) => client.query('DEALLOCATE ALL').then(
          () => undefined,
          () => undefined,
        ),
      })
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

/** `folder`: a test brings a database to an older migration with a copy holding only the ones up to it. */
export async function runMigrations(pool: pg.Pool, folder = migrationsFolder): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: folder })
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
    }
  } finally {
    client.release()
  }
}
