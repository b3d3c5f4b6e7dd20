import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runServerToExit, startServerProcess, type ServerProcess } from './server-process'

/** Embedded mode only: the lock protects a PGlite data dir, whatever database the rest of the run uses. */
describe('one server per DATA_DIR (embedded database)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-lock-'))
  let first: ServerProcess | undefined
  afterAll(async () => {
    await first?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const post = (base: string, url: string, body: Record<string, string>) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>)

  // Three server starts: slow on a loaded machine, hence the long timeout.
  it('refuses a second server with a clear message, loses nothing, and restarts cleanly', { timeout: 90_000 }, async () => {
    first = await startServerProcess({ DATA_DIR: dataDir })
    expect(await post(first.url, '/user/api/sendRegisterCode', { email: 'keep@example.com' })).toEqual({ success: true, msg: 'ok' })
    await expect.poll(() => /code is (\d{6})/.exec(first!.output())?.[1]).toBeTruthy()
    const code = /code is (\d{6})/.exec(first.output())![1]!
    const token = String((await post(first.url, '/user/api/loginByEmail', { email: 'keep@example.com', code })).token)
    expect(token).toMatch(/^[\w-]{43}$/)

    const second = await runServerToExit({ DATA_DIR: dataDir })
    expect(second.code).toBe(1)
    expect(second.output).toContain(`Another Lingocast server is already using DATA_DIR ${dataDir}`)

    // The first server is untouched and still serves its data.
    expect(await post(first.url, '/user/api/info', { token })).toEqual({ success: true, msg: 'ok', username: 'keep' })

    // A graceful stop releases the lock; a new server sees every acknowledged write.
    expect(await first.stop()).toBe(0)
    first = await startServerProcess({ DATA_DIR: dataDir })
    expect(await post(first.url, '/user/api/info', { token })).toEqual({ success: true, msg: 'ok', username: 'keep' })
  })
})
