import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { withDatabase } from '../../../../test/global-setup'
import { migrationsFolder, openDatabase, runMigrations, type Database } from './client'

/** The migration that made usernames unique, and the one before it. */
const MIGRATION = '0021_unique_usernames_and_public_ids'
const BEFORE = 20

interface Journal {
  entries: Array<{ idx: number; tag: string }>
}

/** A copy of the migrations folder that ends at `last`: a database migrated with it is as an older server left it. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-migrations-'))
  mkdirSync(path.join(dir, 'meta'))
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal
  const kept = journal.entries.filter((e) => e.idx <= last)
  for (const entry of kept) copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`))
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }))
  return dir
}

/** An empty database of the run's kind (no template: it must start before the migration). */
async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = inject('dbTemplate')
  if (template.kind === 'postgres') {
    const name = `lingocast_m_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: template.serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const database = await openDatabase({ databaseUrl: withDatabase(template.serverUrl, name), dataDir: '', migrate: false })
    return {
      database,
      async drop() {
        await database.close()
        const c = new pg.Client({ connectionString: template.serverUrl })
        await c.connect()
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await c.end()
      },
    }
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-m-'))
  const database = await openDatabase({ dataDir, lock: false, migrate: false, template: false })
  return {
    database,
    async drop() {
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let empty: Awaited<ReturnType<typeof emptyDatabase>>
let older: string

beforeAll(async () => {
  older = migrationsUpTo(BEFORE)
  empty = await emptyDatabase()
}, 120_000)
afterAll(async () => {
  await empty?.drop()
  if (older) rmSync(older, { recursive: true, force: true })
})

describe(`migration ${MIGRATION}`, () => {
  it('renames the later accounts of a name, in id order, to the first free name, and keeps everything else', async () => {
    const { pool } = empty.database
    await runMigrations(pool, older)
    // As the old sign-in made them: the local part of the address, or a provider's login.
    const made = [
      ['alice@one.example', 'alice'],
      ['alice@two.example', 'alice'],
      ['alice-2@three.example', 'alice-2'],
      [null, 'Alice'],
      ['bob@one.example', 'bob'],
      ['alice@four.example', 'alice'],
    ] as const
    const ids: number[] = []
    for (const [email, username] of made) {
      const { rows } = await pool.query('INSERT INTO users (email, username) VALUES ($1, $2) RETURNING id', [email, username])
      ids.push(rows[0].id)
    }
    // A session of a renamed account.
    await pool.query("INSERT INTO auth_tokens (token_hash, user_id, expires_at) VALUES ('h', $1, now() + interval '1 day')", [ids[1]])

    await runMigrations(pool)

    const { rows } = await pool.query('SELECT id, email, username, public_id FROM users ORDER BY id')
    expect(rows.map((r) => r.id)).toEqual(ids)
    expect(rows.map((r) => r.email)).toEqual(made.map(([email]) => email))
    // The oldest keeps its name; alice-2 was an address's own name, so the second alice is alice-3;
    // the provider's Alice is the same name in another case.
    expect(rows.map((r) => r.username)).toEqual(['alice', 'alice-3', 'alice-2', 'Alice-4', 'bob', 'alice-5'])
    expect(new Set(rows.map((r) => r.public_id)).size).toBe(made.length)
    for (const r of rows) expect(r.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const sessions = await pool.query('SELECT user_id FROM auth_tokens')
    expect(sessions.rows).toEqual([{ user_id: ids[1] }])

    // From now on the database itself refuses a second account of a name, in any case.
    await expect(pool.query("INSERT INTO users (email, username) VALUES ('x@y.example', 'BOB')")).rejects.toMatchObject({ code: '23505' })
  }, 120_000)
})
