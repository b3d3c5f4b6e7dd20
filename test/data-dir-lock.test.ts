import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PG_SOCKET_DIR_RECORD } from '../apps/server/src/db/client'
import { lockDataDir, machineId } from '../apps/server/src/db/data-dir-lock'
import { runServerToExit, startServerAfterKill, startServerProcess, type ServerProcess } from './server-process'

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
    expect(await post(first.url, '/user/api/info', { token })).toEqual({ success: true, msg: 'ok', username: 'keep', user_id: expect.any(String) })

    // A graceful stop releases the lock; a new server sees every acknowledged write.
    expect(await first.stop()).toBe(0)
    first = await startServerProcess({ DATA_DIR: dataDir })
    expect(await post(first.url, '/user/api/info', { token })).toEqual({ success: true, msg: 'ok', username: 'keep', user_id: expect.any(String) })
  })

  // A supervisor restarts a killed server at once; the lock of a dead process must not hold it back.
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

// Each SIGKILLed embedded server left its socket directory (lingocast-pg-*) in the system's temporary directory.
describe('the embedded database socket directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-socketdir-'))
  // The servers' own temporary directory (TMPDIR), so other tests' servers do not show up in it.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'lingocast-tmpdir-'))
  const env = { DATA_DIR: dataDir, TMPDIR: tmp }
  const socketDirs = () => readdirSync(tmp).filter((name) => name.startsWith('lingocast-pg-')).sort()
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(tmp, { recursive: true, force: true })
  })

  it('is removed by the next start after a SIGKILL, and by a graceful stop', { timeout: 90_000 }, async () => {
    server = await startServerProcess(env)
    const first = socketDirs()
    expect(first).toHaveLength(1)
    const exited = new Promise((resolve) => server!.proc.once('exit', resolve))
    server.proc.kill('SIGKILL')
    await exited
    // What a kill leaves: nothing stops the host.
    expect(socketDirs()).toEqual(first)

    server = await startServerAfterKill(env)
    const second = socketDirs()
    expect(second).toHaveLength(1)
    expect(second).not.toEqual(first)
    // It serves from the database through the new socket.
    expect(await fetch(`${server.url}/readyz`).then((r) => r.status)).toBe(200)

    expect(await server.stop()).toBe(0)
    expect(socketDirs()).toEqual([])
    expect(existsSync(path.join(dataDir, 'tmp', PG_SOCKET_DIR_RECORD))).toBe(false)
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

  // The same in a container: node runs as pid 1 (or gets its old pid back), so the dead
  // predecessor's lock names this very pid. Only a lock with this process's own start time is its own.
  it("takes over a lock that names this process's pid but another start time (a restarted container)", async () => {
    const dataDir = dir()
    const ownStart = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[19])
    plant(dataDir, { pid: process.pid, startTime: ownStart - 100, machine: machineId(), nonce: 'predecessor' })
    await (await lockDataDir(dataDir))()
    // The same pid and start time is this process (another thread of it): refused, as a second lock in the same process.
    plant(dataDir, { pid: process.pid, startTime: ownStart, machine: machineId(), nonce: 'same-process' })
    await expect(lockDataDir(dataDir)).rejects.toThrow(refused)
    rmSync(dataDir, { recursive: true, force: true })
  })

  // A container restarted in a new pid namespace on the same kernel: the pid says nothing, the lock's socket does.
  it('judges a lock from another pid namespace of this kernel by its socket: dead at once, alive while it listens', async () => {
    const dataDir = dir()
    const kernel = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const record = { pid: 1, startTime: 5, machine: `container|${kernel}|pid:[1]`, kernel, socket: 'alive.sock' }
    // A fresh record (heartbeat now) whose socket nobody listens on: its owner was killed.
    plant(dataDir, { ...record, nonce: 'killed' })
    writeFileSync(path.join(dataDir, 'server.lock', 'alive.sock'), '')
    await (await lockDataDir(dataDir))()

    plant(dataDir, { ...record, nonce: 'live' })
    const listener = createServer((c) => c.destroy())
    await new Promise<void>((resolve) => listener.listen(path.join(dataDir, 'server.lock', 'alive.sock'), resolve))
    try {
      await expect(lockDataDir(dataDir)).rejects.toThrow(refused)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
    rmSync(dataDir, { recursive: true, force: true })
  })
})

const canUnshare = process.platform === 'linux' && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0

/**
 * The real thing: each start runs in a fresh pid namespace (`unshare --pid --fork --mount-proc`, as a
 * container runtime does), where node is pid 1 every time; the namespace's number is sometimes reused,
 * sometimes not, so both ways of judging the lock are met over several restarts.
 */
describe.skipIf(!canUnshare)('a SIGKILLed holder in a pid namespace (needs unshare and root; skipped without them)', () => {
  const repoRoot = path.resolve(import.meta.dirname, '..')
  const lockModule = path.join(repoRoot, 'apps/server/src/db/data-dir-lock.ts')
  const script = `import(${JSON.stringify(lockModule)}).then((m) => m.lockDataDir(process.argv[1])).then(
    () => { console.log('locked as pid ' + process.pid + ' ' + require('node:fs').readlinkSync('/proc/self/ns/pid')); setInterval(() => {}, 1000) },
    (e) => { console.log('refused: ' + e.message); process.exit(3) })`

  /** Starts the lock script in its own pid namespace; resolves once it says whether it got the lock. */
  function start(dataDir: string) {
    // --kill-child: killing unshare SIGKILLs the namespace's pid 1, and with it the namespace.
    const proc = spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child=SIGKILL', process.execPath, '--import', 'tsx', '-e', script, dataDir], { cwd: repoRoot })
    let out = ''
    proc.stdout.on('data', (d) => (out += d))
    proc.stderr.on('data', (d) => (out += d))
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
    const answered = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer in 30 s:\n${out}`)), 30_000)
      const check = () => {
        const line = /^(locked|refused).*$/m.exec(out)
        if (line) {
          clearTimeout(timer)
          resolve(line[0])
        }
      }
      proc.stdout.on('data', check)
      void exited.then(() => setTimeout(() => {
        check()
        reject(new Error(`exited without an answer:\n${out}`))
      }, 50))
    })
    return { proc, exited, answered }
  }

  it('is taken over by the next start at once, every time, and never while the holder lives', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-lock-ns-'))
    const seen: string[] = []
    try {
      for (let round = 0; round < 4; round++) {
        const holder = start(dataDir)
        const line = await holder.answered
        // "refused" here would be the bug: a dead predecessor's lock holding a restart back.
        expect(line).toMatch(/^locked as pid 1 /)
        seen.push(line)
        if (round % 2 === 1) {
          // While it lives, a start in yet another namespace is refused. (Only every other round: a
          // namespace alive alongside keeps the next start from getting the same namespace number.)
          const rival = start(dataDir)
          expect(await rival.answered).toMatch(/^refused: Another Lingocast server is already using DATA_DIR/)
          await rival.exited
        }
        holder.proc.kill('SIGKILL')
        await holder.exited
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    console.log(`lock holders seen: ${seen.join('; ')}`)
  })
})
