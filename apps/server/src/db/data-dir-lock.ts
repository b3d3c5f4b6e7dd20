import { randomUUID } from 'node:crypto'
import { connect, createServer, type Server } from 'node:net'
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export class DataDirLockedError extends Error {}

/** Who holds the lock: enough to tell, on the same machine, whether that process still runs. */
export interface LockOwner {
  pid: number
  /** Clock ticks after boot at which `pid` started (Linux): a reused pid is another process. */
  startTime: number | undefined
  /** The machine and pid namespace the pid means something in. */
  machine: string
  /** The kernel's boot id: the same in every container of one kernel, whatever its pid namespace or host name. */
  kernel?: string
  /** A Unix socket in the lock directory that listens while the owner lives (absent where it could not be made). */
  socket?: string
  /** Unique per acquisition: the heartbeat checks the lock is still this one. */
  nonce: string
}

/** Exists while a server holds DATA_DIR; also holds that server's backup socket (backup-socket.ts). */
export const LOCK_DIR = 'server.lock'
const OWNER_FILE = 'owner.json'
const TAKEOVER_DIR = 'server.lock.takeover'
/** A takeover lasts milliseconds; one older than this was left by a process that died in it. */
const TAKEOVER_STALE_MS = 5_000
/** The liveness socket in the lock directory (see LockOwner.socket). */
const ALIVE_SOCKET = 'alive.sock'
/** Unix socket paths are limited to ~107 bytes (sun_path). */
const SOCKET_PATH_MAX = 100

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    return undefined
  }
}

/**
 * Where a pid is meaningful: the kernel's boot, the pid namespace (two
 * containers sharing a volume each have a pid 1) and the host name. Another
 * machine's lock cannot be checked by pid and goes by its heartbeat instead.
 */
export function machineId(): string {
  let pidNamespace = ''
  try {
    pidNamespace = readlinkSync('/proc/self/ns/pid')
  } catch {
    // Not Linux: the host name alone.
  }
  return [os.hostname(), kernelId(), pidNamespace].join('|')
}

/** The kernel's boot id (Linux), '' elsewhere. Not namespaced: every container on one kernel reads the same. */
function kernelId(): string {
  return readText('/proc/sys/kernel/random/boot_id') ?? ''
}

/** The start time of a process and whether it is a zombie, from /proc (Linux only). */
function procStat(pid: number): { startTime: number; zombie: boolean } | undefined {
  const stat = readText(`/proc/${pid}/stat`)
  if (!stat) return undefined
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { zombie: fields[0] === 'Z' || fields[0] === 'X', startTime: Number(fields[19]) }
}

function processRuns(pid: number, startTime: number | undefined): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const stat = procStat(pid)
  if (!stat) return !existsSync('/proc/self/stat') // No /proc: kill(0) is all there is.
  if (stat.zombie) return false
  return startTime === undefined || stat.startTime === startTime
}

function readOwner(lockDir: string): LockOwner | undefined {
  const text = readText(path.join(lockDir, OWNER_FILE))
  if (!text) return undefined
  try {
    const owner = JSON.parse(text) as LockOwner
    return typeof owner.pid === 'number' && typeof owner.machine === 'string' && typeof owner.nonce === 'string' ? owner : undefined
  } catch {
    return undefined
  }
}

function ageMs(file: string): number | undefined {
  try {
    return Date.now() - statSync(file).mtimeMs
  } catch {
    return undefined
  }
}

/**
 * Whether the lock in `lockDir` is held by a running server. On this machine
 * the owner's pid answers at once; a lock from another machine (or one
 * without an owner record, as older versions wrote) is live while its
 * heartbeat is younger than `staleMs`.
 */
async function ownerIsAlive(lockDir: string, staleMs: number): Promise<boolean> {
  const owner = readOwner(lockDir)
  if (owner && owner.machine === machineId()) {
    if (owner.pid !== process.pid) return processRuns(owner.pid, owner.startTime)
    // Our own pid: this process locking twice must be refused, but a container restarted with the
    // same pid (node as pid 1, a pid namespace whose number came back) is another process that
    // started at another time, and the lock its predecessor left behind is dead.
    return owner.startTime === undefined || owner.startTime === procStat(process.pid)?.startTime
  }
  if (owner?.socket === ALIVE_SOCKET && owner.kernel && owner.kernel === kernelId()) {
    // Same kernel, other pid namespace (another container, or this one restarted): its pid means
    // nothing here, but the kernel closes a process's listening socket the moment it dies.
    return socketListens(path.join(lockDir, ALIVE_SOCKET))
  }
  const age = ageMs(path.join(lockDir, OWNER_FILE)) ?? ageMs(lockDir)
  return age !== undefined && age < staleMs
}

/**
 * Whether a process listens on the Unix socket: refused (or gone) only when
 * none does. Anything else (a full backlog, no answer in time) counts as
 * alive: a live server's lock must never be taken.
 */
function socketListens(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath)
    const done = (alive: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(alive)
    }
    const timer = setTimeout(() => done(true), 2_000)
    socket.once('connect', () => done(true))
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code !== 'ECONNREFUSED' && error.code !== 'ENOENT'))
  })
}

/** Listens on the lock's liveness socket; undefined where the file system or path length does not allow one. */
async function listenAlive(lockDir: string): Promise<Server | undefined> {
  const socketPath = path.join(lockDir, ALIVE_SOCKET)
  if (process.platform === 'win32' || Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) return undefined
  const server = createServer((connection) => connection.destroy())
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => resolve())
    })
  } catch {
    return undefined
  }
  server.unref()
  return server
}

/** A directory made with mkdir is the mutex: creating it is atomic on every file system. */
function tryMkdir(dir: string): boolean {
  try {
    mkdirSync(dir)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Removes a dead owner's lock. Only the holder of the takeover mutex removes
 * a lock, so the lock judged dead is the one removed: a server that locks in
 * between makes a new lock that the next judgement sees alive.
 */
async function takeOverIfDead(dataDir: string, lockDir: string, staleMs: number): Promise<void> {
  const mutex = path.join(dataDir, TAKEOVER_DIR)
  if (!tryMkdir(mutex)) {
    if ((ageMs(mutex) ?? 0) < TAKEOVER_STALE_MS) return
    rmSync(mutex, { recursive: true, force: true })
    if (!tryMkdir(mutex)) return
  }
  try {
    if (existsSync(lockDir) && !(await ownerIsAlive(lockDir, staleMs))) {
      // Rename first: the removal of the old directory is then invisible to anyone locking.
      const aside = `${lockDir}.dead-${randomUUID()}`
      renameSync(lockDir, aside)
      rmSync(aside, { recursive: true, force: true })
    }
  } finally {
    rmSync(mutex, { recursive: true, force: true })
  }
}

/**
 * Two processes opening one PGlite data dir silently lose data (ARCHITECTURE.md
 * s3, hazard 3), so the embedded mode holds an exclusive lock on DATA_DIR: the
 * directory `server.lock` with the owner's pid, its start time and its machine.
 * A lock whose process is gone (SIGKILL, power cut, OOM kill) is taken over at
 * once; a live server's lock never is. On the same kernel but in another pid
 * namespace (a restarted container) the pid cannot be checked, so the lock also
 * holds a Unix socket that listens while its owner lives. The heartbeat (mtime)
 * is only for a lock held from another machine, where neither can be checked.
 */
export async function lockDataDir(dataDir: string, staleMs = 10_000): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true })
  const lockDir = path.join(dataDir, LOCK_DIR)
  const ownerFile = path.join(lockDir, OWNER_FILE)
  const me: LockOwner = { pid: process.pid, startTime: procStat(process.pid)?.startTime, machine: machineId(), kernel: kernelId() || undefined, nonce: randomUUID() }

  let locked = tryMkdir(lockDir)
  if (!locked) {
    await takeOverIfDead(dataDir, lockDir, staleMs)
    locked = tryMkdir(lockDir)
  }
  if (!locked) {
    throw new DataDirLockedError(
      `Another Lingocast server is already using DATA_DIR ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR (or DATABASE_URL for a shared PostgreSQL server).',
    )
  }
  // Listening before the record names the socket: a reader never probes a socket not yet there.
  const alive = await listenAlive(lockDir)
  if (alive) me.socket = ALIVE_SOCKET
  // Written whole under a temporary name, so a reader never sees half a record.
  const temp = `${ownerFile}.${me.nonce}`
  writeFileSync(temp, JSON.stringify(me))
  renameSync(temp, ownerFile)

  const heartbeat = setInterval(() => {
    if (readOwner(lockDir)?.nonce !== me.nonce) {
      // Someone removed or took our lock: keeping on would risk the data.
      console.error(`Lost the lock on ${dataDir}. Stopping to protect the data.`)
      process.exit(1)
    }
    const now = new Date()
    try {
      utimesSync(ownerFile, now, now)
    } catch {
      // The next beat checks the lock again.
    }
  }, Math.max(1000, Math.floor(staleMs / 3)))
  heartbeat.unref()

  return async () => {
    clearInterval(heartbeat)
    if (alive) await new Promise<void>((resolve) => alive.close(() => resolve()))
    if (readOwner(lockDir)?.nonce === me.nonce) rmSync(lockDir, { recursive: true, force: true })
  }
}
