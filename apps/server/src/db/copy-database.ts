import type pg from 'pg'
import { runMigrations } from './client'

export interface CopiedTable {
  table: string
  rows: number
}

const BATCH = 2000
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Copies every row of the app's tables from one database to another of the
 * same schema version: the move from the embedded database to a PostgreSQL
 * server. pg_dump cannot do it where the client is older than PGlite's
 * PostgreSQL 18 (Debian 12 ships 15), and this needs nothing but the app.
 * The target is migrated first and must be empty; it is filled in one
 * transaction, parents before children, and its sequences are moved past the
 * copied ids.
 */
export async function copyDatabase(source: pg.Pool, target: pg.Pool): Promise<CopiedTable[]> {
  await runMigrations(target)
  const tables = await tablesInDependencyOrder(source)
  const client = await target.connect()
  try {
    await client.query('BEGIN')
    for (const table of tables) {
      const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS used`)
      if (rows[0].used) throw new Error(`The target database is not empty (table ${table} has rows); copy into a new database.`)
    }
    const copied: CopiedTable[] = []
    for (const table of tables) {
      let count = 0
      // ctid order is stable while nothing writes to the source (its server is stopped: we hold its lock).
      for (let offset = 0; ; offset += BATCH) {
        const batch = await source.query(`SELECT coalesce(json_agg(t), '[]')::text AS rows FROM (SELECT * FROM ${quote(table)} ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}) t`)
        const json = batch.rows[0].rows as string
        if (json === '[]') break
        const inserted = await client.query(`INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(null::${quote(table)}, $1::json)`, [json])
        count += inserted.rowCount ?? 0
      }
      copied.push({ table, rows: count })
    }
    const serials = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
    )
    for (const { table_name, column_name } of serials.rows) {
      const col = quote(column_name)
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce(max(${col}), 1), max(${col}) IS NOT NULL) FROM ${quote(table_name)}`,
        [quote(table_name), column_name],
      )
    }
    await client.query('COMMIT')
    return copied
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

/** The public tables, each after the tables its foreign keys point to. */
async function tablesInDependencyOrder(pool: pg.Pool): Promise<string[]> {
  const tables = (
    await pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows.map((r) => r.name)
  const edges = (
    await pool.query<{ child: string; parent: string }>(
      `SELECT c.relname AS child, p.relname AS parent
         FROM pg_constraint k
         JOIN pg_class c ON c.oid = k.conrelid
         JOIN pg_class p ON p.oid = k.confrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent)
    visiting.delete(table)
    ordered.push(table)
  }
  tables.forEach(visit)
  return ordered
}
