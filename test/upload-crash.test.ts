import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './db'
import { makeVideo } from './media'
import { multipart } from './multipart'
import { startServerAfterKill, startServerProcess, type ServerProcess } from './server-process'
import { createTestUser } from './users'

let db: TestDatabase
let server: ServerProcess | undefined
let work: string

afterAll(async () => {
  server?.proc.kill('SIGKILL')
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

const filesUnder = (dir: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []

describe('the server killed in the middle of an upload', () => {
  it('leaves no partial file in storage, no row, and takes the next upload whole', async () => {
    db = await createTestDatabase()
    work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-upload-crash-'))
    const user = await createTestUser(db.database, 'crash@example.com')
    await db.database.close()
    const storage = path.join(db.env.DATA_DIR, 'storage')
    const tmp = path.join(db.env.DATA_DIR, 'tmp', 'uploads')

    server = await startServerProcess(db.env)
    // 32 MB declared, half of it sent: the server is mid-way through writing when it dies.
    const { headers, payload } = multipart([{ field: 'file', filename: 'big.wav', content: Buffer.alloc(32 << 20, 1) }], user.auth)
    const req = httpRequest(`${server.url}/storage/api/upload_file`, { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) } })
    const answered = new Promise<string>((resolve) => {
      req.on('response', (res) => resolve(`answered ${res.statusCode}`))
      req.on('error', (error) => resolve(`error ${error.message}`))
    })
    req.write(payload.subarray(0, payload.length / 2))
    await expect.poll(() => filesUnder(tmp).map((f) => statSync(f).size)[0] ?? 0, { timeout: 20_000 }).toBeGreaterThan(1 << 20)
    server.proc.kill('SIGKILL')
    await new Promise((r) => server!.proc.once('exit', r))
    expect(await answered).toMatch(/^error/)

    // The partial bytes are only in the temporary folder, which has no address; storage holds nothing.
    expect(filesUnder(tmp)).toHaveLength(1)
    expect(filesUnder(storage)).toEqual([])

    server = await startServerAfterKill(db.env)
    const name = path.basename(filesUnder(tmp)[0]!)
    for (const url of [`/storage/api/mediainfo/uploads/${name}`, `/storage/api/jump/uploads/${name}`, `/storage/api/mediainfo/../tmp/uploads/${name}`]) {
      const res = await fetch(server.url + url, { headers: user.auth })
      expect(res.status, url).toBe(404)
    }
    const clip = readFileSync(await makeVideo(work))
    const next = multipart([{ field: 'file', filename: 'clip.mp4', content: clip }], user.auth)
    const res = await fetch(`${server.url}/storage/api/upload_file`, { method: 'POST', headers: next.headers, body: next.payload })
    const body = (await res.json()) as { storage_path: string }
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(readFileSync(path.join(storage, body.storage_path))).toEqual(clip)
    expect(await server.stop()).toBe(0)
    server = undefined

    const reopened = await db.reopen()
    db.database = reopened
    const { rows } = await reopened.db.execute<{ path: string }>(sql`select path from uploads`)
    expect(rows.map((r) => r.path)).toEqual([body.storage_path])
  }, 180_000)
})
