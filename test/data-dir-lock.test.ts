import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { lockDataDir, machineId } from '../apps/server/src/db/data-dir-lock'
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

  // Issue 14 finding 6: a supervisor restarts a killed server at once; the lock of a dead process must not hold it back.
  it('takes over the lock of a SIGKILLed server at once, and still refuses while the new one runs', { timeout: 90_000 }, async () => {
    await first?.stop()
    first = await startServerProcess({ DATA_DIR: dataDir })
    const exited = new Promise((resolve) => first!.proc.once('exit', resolve))
    first.proc.kill('SIGKILL')
    await exited

    // At once: a lock that only goes stale by age makes this start exit with "already using DATA_DIR".
    first = await startServerProcess({ DATA_DIR: dataDir })
    expect(await post(first.url, '/user/api/sendRegisterCode', { email: 'after-kill@example.com' })).toEqual({ success: true, msg: 'ok' })

    const second = await runServerToExit({ DATA_DIR: dataDir })
    expect(second.code).toBe(1)
    expect(second.output).toContain(`Another Lingocast server is already using DATA_DIR ${dataDir}`)
  })
})

describe('lockDataDir', () => {
  const dir = () => mkdtempSync(path.join(os.tmpdir(), 'lingocast-lock-unit-'))
  const plant = (dataDir: string, owner: object) => {
    mkdirSync(path.join(dataDir, 'server.lock'), { recursive: true })
    writeFileSync(path.join(dataDir, 'server.lock', 'owner.json'), JSON.stringify(owner))
  }
  const refused = /Another Lingocast server is already using DATA_DIR/

  it('refuses a second lock in the same process and frees it on release', async () => {
    const dataDir = dir()
    const release = await lockDataDir(dataDir)
    await expect(lockDataDir(dataDir)).rejects.toThrow(refused)
    await release()
    await (await lockDataDir(dataDir))()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('takes over a fresh lock of a pid that is gone on this machine, and of a reused pid', async () => {
    const dataDir = dir()
    // Pids are below 2^22 on Linux: this one cannot be running.
    plant(dataDir, { pid: 2 ** 22 + 7, startTime: 1, machine: machineId(), nonce: 'dead' })
    await (await lockDataDir(dataDir))()
    // The parent process runs, but started at another time than the record says: the pid was reused.
    plant(dataDir, { pid: process.ppid, startTime: -1, machine: machineId(), nonce: 'reused' })
    await (await lockDataDir(dataDir))()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps a lock of a running process, and a fresh lock of another machine until its heartbeat stops', async () => {
    const dataDir = dir()
    plant(dataDir, { pid: process.ppid, startTime: undefined, machine: machineId(), nonce: 'alive' })
    await expect(lockDataDir(dataDir)).rejects.toThrow(refused)
    plant(dataDir, { pid: 2 ** 22 + 7, startTime: 1, machine: 'elsewhere|boot|ns', nonce: 'remote' })
    await expect(lockDataDir(dataDir)).rejects.toThrow(refused)
    // The same record with a heartbeat older than the staleness window is taken over.
    await (await lockDataDir(dataDir, 0))()
    rmSync(dataDir, { recursive: true, force: true })
  })
})
