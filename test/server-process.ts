import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')

export interface ServerProcess {
  url: string
  proc: ChildProcess
  output: () => string
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>
}

/** The server as `npm start` runs it: compiled by `npm run build` (apps/server/build.mjs), without tsx. */
export const BUILT_SERVER = ['--enable-source-maps', '--max-semi-space-size=16', 'apps/server/dist/server/main.js']
/** The environment `npm start` sets for it (package.json). */
export const BUILT_SERVER_ENV = { MALLOC_ARENA_MAX: '2' }

/**
 * Starts the real server (`apps/server/src/main.ts` through tsx, or `entry`:
 * BUILT_SERVER is what `npm start` runs) as a child process on a free port and
 * waits for its ready line.
 */
export async function startServerProcess(env: Record<string, string | undefined>, timeoutMs = 60_000, entry?: string[]): Promise<ServerProcess> {
  const spawned = spawnServer(entry === BUILT_SERVER ? { ...BUILT_SERVER_ENV, ...env } : env, entry)
  const ready = await untilLine(spawned, /Lingocast is ready: http:\/\/[^:]+:(\d+)\//, 'server', timeoutMs)
  return { url: `http://127.0.0.1:${Number(ready[1])}`, ...handle(spawned) }
}

export interface WorkerProcess extends Omit<ServerProcess, 'url'> {
  /** The operations listener (METRICS_PORT) when one was asked for. */
  metricsUrl: string | undefined
}

/** Starts the server with PROCESS_ROLE=worker and waits until it runs jobs (a worker prints no ready URL). */
export async function startWorkerProcess(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const spawned = spawnServer({ ...env, PROCESS_ROLE: 'worker' })
  await untilLine(spawned, /Lingocast worker \S+ is running jobs/, 'worker', timeoutMs)
  const listener = /operations listener: (http:\/\/[^/\s"]+)/.exec(spawned.output())
  return { metricsUrl: listener?.[1], ...handle(spawned) }
}

type Spawned = ReturnType<typeof spawnServer>

/** Waits for the process to print a line matching `pattern`; rejects when it exits first or the time runs out. */
function untilLine({ proc, output, exited }: Spawned, pattern: RegExp, what: string, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} not ready in ${timeoutMs} ms:\n${output()}`)), timeoutMs)
    const onData = () => {
      const m = pattern.exec(output())
      if (!m) return
      clearTimeout(timer)
      resolve(m)
    }
    proc.stdout!.on('data', onData)
    proc.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited with ${code} before it was ready:\n${output()}`))
    })
  })
}

/** The process, its output, and a stop that sends SIGTERM and resolves with the exit code. */
function handle({ proc, output, exited }: Spawned): Omit<ServerProcess, 'url'> {
  return {
    proc,
    output,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode
      proc.kill('SIGTERM')
      return exited
    },
  }
}

/** SIGKILL, as a crash or the kernel's OOM killer ends it (nothing is handed back), resolved once it has exited. */
export async function killProcess(server: Pick<ServerProcess, 'proc'>): Promise<void> {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return
  const exited = new Promise((r) => server.proc.once('exit', r))
  server.proc.kill('SIGKILL')
  await exited
}

/** Starts the server again after a kill, retrying while DATA_DIR is still locked (the lock of a dead process is taken over at once: retries are rare). */
export async function startServerAfterKill(env: Record<string, string | undefined>, waitMs = 40_000, entry?: string[]): Promise<ServerProcess> {
  const until = Date.now() + waitMs
  for (;;) {
    try {
      return await startServerProcess(env, 60_000, entry)
    } catch (error) {
      if (Date.now() > until || !String(error).includes('already using DATA_DIR')) throw error
      await new Promise((r) => setTimeout(r, 1000))
    }
  }
}

/** Runs the server and resolves with its exit code and output: for starts that are meant to fail. */
export async function runServerToExit(env: Record<string, string | undefined>): Promise<{ code: number | null; output: string }> {
  const { output, exited } = spawnServer(env)
  const code = await exited
  return { code, output: output() }
}

/** The output of every server process this test process started and that still runs: what a failed test's report shows (e2e/report-server-log.ts). */
export const liveServerOutputs = new Set<() => string>()

function spawnServer(env: Record<string, string | undefined>, entry = ['--import', 'tsx', 'apps/server/src/main.ts']) {
  const proc = spawn(process.execPath, entry, {
    cwd: repoRoot,
    // The starter catalogue's feeds are on the internet: tests never fetch them.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', FEED_CATALOGUE_FETCH: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()))
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const output = () => out
  liveServerOutputs.add(output)
  const exited = new Promise<number | null>((resolve) =>
    proc.on('exit', (code) => {
      liveServerOutputs.delete(output)
      resolve(code)
    }),
  )
  return { proc, output, exited }
}

/** A port that was free a moment ago, for a server whose PUBLIC_URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const net = await import('node:net')
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}
