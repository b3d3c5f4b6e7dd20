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

/**
 * Starts the real server (`apps/server/src/main.ts`, as `npm start` does) as a
 * child process on a free port and waits for its ready line.
 */
export async function startServerProcess(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<ServerProcess> {
  const { proc, output, exited } = spawnServer(env)
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in ${timeoutMs} ms:\n${output()}`)), timeoutMs)
    const onData = () => {
      const m = /Lingocast is ready: http:\/\/[^:]+:(\d+)\//.exec(output())
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    }
    proc.stdout!.on('data', onData)
    proc.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before it was ready:\n${output()}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    output,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode
      proc.kill('SIGTERM')
      return exited
    },
  }
}

export interface WorkerProcess extends Omit<ServerProcess, 'url'> {
  /** The operations listener (METRICS_PORT) when one was asked for. */
  metricsUrl: string | undefined
}

/** Starts the server with PROCESS_ROLE=worker and waits until it runs jobs (a worker prints no ready URL). */
export async function startWorkerProcess(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<WorkerProcess> {
  const { proc, output, exited } = spawnServer({ ...env, PROCESS_ROLE: 'worker' })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready in ${timeoutMs} ms:\n${output()}`)), timeoutMs)
    const onData = () => {
      if (!/Lingocast worker \S+ is running jobs/.test(output())) return
      clearTimeout(timer)
      resolve()
    }
    proc.stdout!.on('data', onData)
    proc.stderr!.on('data', onData)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`worker exited with ${code} before it was ready:\n${output()}`))
    })
  })
  const listener = /operations listener: (http:\/\/[^/\s"]+)/.exec(output())
  return {
    metricsUrl: listener?.[1],
    proc,
    output,
    async stop() {
      if (proc.exitCode !== null) return proc.exitCode
      proc.kill('SIGTERM')
      return exited
    },
  }
}

/** Starts the server again after a kill, retrying while DATA_DIR is still locked (the lock of a dead process is taken over at once: retries are rare). */
export async function startServerAfterKill(env: Record<string, string | undefined>, waitMs = 40_000): Promise<ServerProcess> {
  const until = Date.now() + waitMs
  for (;;) {
    try {
      return await startServerProcess(env)
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

function spawnServer(env: Record<string, string | undefined>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    // The starter catalogue's feeds are on the internet: tests never fetch them.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', FEED_CATALOGUE_FETCH: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()))
  proc.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  return { proc, output: () => out, exited }
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
