import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, copyFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../apps/server/src/db/client'
import { makeAudio } from './media'
import { multipart } from './multipart'
import { startServerProcess, type ServerProcess } from './server-process'

const repoRoot = path.resolve(import.meta.dirname, '..')
/** Two server starts on a machine shared with other test runs: a start may take minutes there. */
const SLOW_START_MS = 180_000

/** Runs `npm run backup` / `npm run restore` as a user does (the scripts behind them), with only the given environment. */
function runCli(script: 'backup' | 'restore', args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}.ts`, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()))
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()))
  return new Promise((resolve) => proc.on('exit', (code) => resolve({ code, out })))
}

async function call<T = Record<string, unknown>>(server: ServerProcess, url: string, options: { token?: string; body?: unknown; method?: string } = {}): Promise<T> {
  const res = await fetch(server.url + url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const body = (await res.json()) as T
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const codesBefore = [...server.output().matchAll(/code is (\d{6})/g)].length
  await call(server, '/user/api/sendRegisterCode', { body: { email } })
  await expect.poll(() => [...server.output().matchAll(/code is (\d{6})/g)].length).toBe(codesBefore + 1)
  const code = [...server.output().matchAll(/code is (\d{6})/g)].at(-1)![1]
  return String((await call(server, '/user/api/loginByEmail', { body: { email, code } })).token)
}

async function uploadAndCollect(server: ServerProcess, token: string, file: Buffer, title: string): Promise<string> {
  const { headers, payload } = multipart([{ field: 'file', filename: 'tone.mp3', content: file }], { authorization: `Bearer ${token}` })
  const res = await fetch(`${server.url}/storage/api/upload_file`, { method: 'POST', headers, body: payload })
  const body = (await res.json()) as { storage_path: string }
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`)
  await call(server, '/english_vocab/api/collect', { token, body: { title, audio: body.storage_path } })
  return body.storage_path
}

type Card = { front: string }
type Article = { Title: string; Audio: string | null }

/** The numbers of `prefix-N` names, in order; a consistent snapshot of sequential writes holds 1..k with no gap. */
const numbered = (names: string[], prefix: string) =>
  names
    .filter((n) => n.startsWith(prefix))
    .map((n) => Number(n.slice(prefix.length)))
    .sort((a, b) => a - b)
const oneToK = (k: number) => Array.from({ length: k }, (_, i) => i + 1)

/**
 * Embedded mode only: the backup is of a PGlite data dir. A PostgreSQL
 * deployment is backed up with pg_dump (docs/operating.md, Backups), so the run on
 * PostgreSQL skips this file rather than repeat it.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('embedded backup and restore (PGlite only; skipped on PostgreSQL, backed up with pg_dump)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-backup-'))
  const servers: ServerProcess[] = []
  afterAll(async () => {
    for (const s of servers) await s.stop()
    rmSync(work, { recursive: true, force: true })
  })
  const backupFile = path.join(work, 'while-running.tar.gz')

  it('backs up a running server while it takes writes; the restored data dir serves the same user, cards, library and files', { timeout: 600_000 }, async () => {
    const dataDir = path.join(work, 'data')
    const first = await startServerProcess({ DATA_DIR: dataDir }, SLOW_START_MS)
    servers.push(first)
    const token = await signIn(first, 'keeper@example.com')
    const other = await signIn(first, 'other@example.com')
    const { deck } = await call<{ deck: { id: number } }>(first, '/english_vocab/memories/deck', { token, body: { name: 'Kept words' } })
    await call(first, '/english_vocab/memories/flashcard', { token, body: { deck_id: deck.id, front: 'sturdy', back: 'strong and solid' } })
    const tone = readFileSync(await makeAudio(work, 'tone.mp3', 2))
    const firstUpload = await uploadAndCollect(first, token, tone, 'A tone')

    // Writes go on during the backup: cards one after another, and uploads with their library entries.
    const cards: number[] = []
    const uploads: number[] = []
    let writing = true
    const cardWriter = (async () => {
      for (let i = 1; writing; i++) {
        await call(first, '/english_vocab/memories/flashcard', { token, body: { deck_id: deck.id, front: `during-${i}`, back: 'written while the backup ran' } })
        cards.push(i)
      }
    })()
    const uploadWriter = (async () => {
      for (let i = 1; writing; i++) {
        await uploadAndCollect(first, token, tone, `upload-${i}`)
        uploads.push(i)
      }
    })()
    await expect.poll(() => cards.length > 3 && uploads.length > 0, { timeout: 30_000 }).toBe(true)
    const cardsBefore = cards.length
    const uploadsBefore = uploads.length

    const backup = await runCli('backup', [backupFile], { DATA_DIR: dataDir })
    const cardsDuring = cards.length - cardsBefore
    writing = false
    await Promise.all([cardWriter, uploadWriter])
    expect(backup.out).toMatch(/snapshot by the running server/)
    expect(backup.code, backup.out).toBe(0)
    // The backup did not stop the server's writes: cards were added while it ran.
    expect(cardsDuring).toBeGreaterThan(0)
    // The snapshot socket is for the account that runs the server; the HTTP port does not offer snapshots.
    const pointer = path.join(dataDir, 'server.lock', 'backup-socket')
    expect(statSync(readFileSync(pointer, 'utf8')).mode & 0o777).toBe(0o600)
    expect((await fetch(`${first.url}/snapshot`, { method: 'POST' })).status).toBe(404)
    // The staged snapshot (hard links and the database dump) is gone once the backup file is written.
    expect(readdirSync(path.join(dataDir, 'tmp', 'backups'))).toEqual([])

    expect(await first.stop()).toBe(0)
    servers.pop()

    const restoredDir = path.join(work, 'restored')
    const restore = await runCli('restore', [backupFile, restoredDir])
    expect(restore.code, restore.out).toBe(0)
    expect(restore.out).toContain(`into ${restoredDir}: 2 users`)

    const second = await startServerProcess({ DATA_DIR: restoredDir }, SLOW_START_MS)
    servers.push(second)
    // The same session tokens work: the users and their sign-ins are the backed-up ones.
    expect(await call(second, '/user/api/info', { body: { token } })).toMatchObject({ success: true, username: 'keeper' })
    expect(await call(second, '/user/api/info', { body: { token: other } })).toMatchObject({ success: true, username: 'other' })

    const { decks } = await call<{ decks: Array<{ id: number; name: string }> }>(second, '/english_vocab/memories/decks', { token })
    expect(decks.map((d) => d.name)).toEqual(['Kept words'])
    const { flashcards } = await call<{ flashcards: Card[] }>(second, `/english_vocab/memories/flashcards?deck_id=${deck.id}`, { token })
    const fronts = flashcards.map((c) => c.front)
    expect(fronts).toContain('sturdy')
    // Everything acknowledged before the backup began is there; of the writes during it, a prefix (no gap, nothing half-done).
    const restoredCards = numbered(fronts, 'during-')
    expect(restoredCards.length).toBeGreaterThanOrEqual(cardsBefore)
    expect(restoredCards).toEqual(oneToK(restoredCards.length))
    expect(restoredCards.length).toBeLessThanOrEqual(cards.length + 1)

    const { collections } = await call<{ collections: Article[] }>(second, '/english_vocab/api/word_collections', { token })
    const restoredUploads = numbered(collections.map((a) => a.Title), 'upload-')
    expect(restoredUploads.length).toBeGreaterThanOrEqual(uploadsBefore)
    expect(restoredUploads).toEqual(oneToK(restoredUploads.length))
    // Every file the restored library names is there, whole, and served (with Range, as the player asks).
    const uploaded = collections.filter((a) => a.Audio?.startsWith('/uploads/'))
    expect(uploaded.map((a) => a.Audio)).toContain(firstUpload)
    expect(uploaded).toHaveLength(restoredUploads.length + 1)
    for (const article of uploaded) {
      const res = await fetch(`${second.url}/storage/api/jump${article.Audio}`, { headers: { authorization: `Bearer ${token}` } })
      expect(res.status, article.Audio!).toBe(200)
      expect(Buffer.from(await res.arrayBuffer())).toEqual(tone)
    }
    const ranged = await fetch(`${second.url}/storage/api/jump${firstUpload}`, { headers: { authorization: `Bearer ${token}`, range: 'bytes=10-19' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(tone.subarray(10, 20))
    // Another user still sees none of it.
    expect((await fetch(`${second.url}/storage/api/jump${firstUpload}`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(404)
    const othersLibrary = (await call<{ collections: Article[] }>(second, '/english_vocab/api/word_collections', { token: other })).collections
    expect(othersLibrary.filter((a) => a.Audio?.startsWith('/uploads/'))).toEqual([])

    // The restored server takes new writes.
    await call(second, '/english_vocab/memories/flashcard', { token, body: { deck_id: deck.id, front: 'after-restore', back: 'new' } })
    expect(await second.stop()).toBe(0)
    servers.pop()

    // With no server running, the command opens the data dir itself.
    const offline = path.join(work, 'offline.tar.gz')
    const stopped = await runCli('backup', [offline], { DATA_DIR: restoredDir })
    expect(stopped.code, stopped.out).toBe(0)
    expect(stopped.out).toMatch(/snapshot by this command \(no server was running\)/)
    const third = path.join(work, 'third')
    expect((await runCli('restore', [offline], { DATA_DIR: third })).code).toBe(0)
    const database = await openDatabase({ dataDir: third, migrate: false })
    try {
      const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from flashcards where front = 'after-restore'`)
      expect(rows[0]!.n).toBe(1)
      const { rows: files } = await database.db.execute<{ path: string }>(sql`select path from uploads`)
      // Every file the library names, and maybe one more: an upload the backup caught before its article was saved.
      expect(files.length - (restoredUploads.length + 1)).toBeGreaterThanOrEqual(0)
      expect(files.length - (restoredUploads.length + 1)).toBeLessThanOrEqual(1)
      for (const f of files) expect(readFileSync(path.join(third, 'storage', f.path))).toEqual(tone)
    } finally {
      await database.close()
    }
  })

  it('refuses what it cannot do, with a clear message, and leaves nothing half-restored', { timeout: 120_000 }, async () => {
    expect(existsSync(backupFile)).toBe(true)
    const usage = await runCli('backup', [])
    expect(usage.code).toBe(2)
    expect(usage.out).toContain('Usage: npm run backup -- <backup.tar.gz>')
    expect((await runCli('restore', [])).code).toBe(2)

    const again = await runCli('backup', [backupFile], { DATA_DIR: path.join(work, 'data') })
    expect(again.code).toBe(1)
    expect(again.out).toContain(`${backupFile} already exists; give the backup a new name.`)

    const nothing = await runCli('backup', [path.join(work, 'none.tar.gz')], { DATA_DIR: path.join(work, 'empty') })
    expect(nothing.code).toBe(1)
    expect(nothing.out).toContain('nothing to back up')

    const onPostgres = await runCli('backup', [path.join(work, 'pg.tar.gz')], { DATA_DIR: path.join(work, 'data'), DATABASE_URL: 'postgres://127.0.0.1:1/none' })
    expect(onPostgres.code).toBe(1)
    expect(onPostgres.out).toContain('pg_dump')

    // A data dir with something in it is never overwritten.
    const busy = path.join(work, 'busy')
    mkdirSync(busy)
    writeFileSync(path.join(busy, 'keep.txt'), 'mine')
    const intoBusy = await runCli('restore', [backupFile, busy])
    expect(intoBusy.code).toBe(1)
    expect(intoBusy.out).toContain('is not empty')
    expect(readFileSync(path.join(busy, 'keep.txt'), 'utf8')).toBe('mine')

    // Not a backup, and a backup cut short: refused, and the target directory is not left behind.
    const notBackup = await runCli('restore', [path.join(work, 'tone.mp3'), path.join(work, 'from-mp3')])
    expect(notBackup.code).toBe(1)
    expect(notBackup.out).toMatch(/The backup cannot be read|Not a Lingocast backup/)
    expect(existsSync(path.join(work, 'from-mp3'))).toBe(false)

    const cut = path.join(work, 'cut.tar.gz')
    copyFileSync(backupFile, cut)
    truncateSync(cut, Math.floor(statSync(cut).size * 0.8))
    const fromCut = await runCli('restore', [cut, path.join(work, 'from-cut')])
    expect(fromCut.code).toBe(1)
    expect(fromCut.out).toContain('The backup cannot be read')
    expect(existsSync(path.join(work, 'from-cut'))).toBe(false)
  })
})
