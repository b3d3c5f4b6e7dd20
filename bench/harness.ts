import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'

const benchDir = import.meta.dirname

export interface Target {
  port: number
  token?: string
  stop(): void
}

/** Starts a bench target in its own process, so the load generator never shares its event loop. */
export async function startTarget(file: string, env: Record<string, string> = {}): Promise<Target & Record<string, unknown>> {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'targets', file)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const info = await new Promise<{ port: number; token?: string } & Record<string, unknown>>((resolve, reject) => {
    let out = ''
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve(JSON.parse(line))
    })
    proc.on('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  return { ...info, stop: () => proc.kill('SIGTERM') }
}

export interface Measurement {
  reqPerSec: number
  bytesPerSec: number
  p99: number
  errors: number
  non2xx: number
}

export async function measure(opts: {
  url: string
  method?: 'GET' | 'POST'
  body?: string
  headers?: Record<string, string>
  connections: number
  seconds: number
}): Promise<Measurement> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    body: opts.body,
    headers: opts.headers,
    connections: opts.connections,
    duration: opts.seconds,
    pipelining: 1,
  })
  return { reqPerSec: result.requests.average, bytesPerSec: result.throughput.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx }
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export function printTable(rows: Array<Record<string, string | number>>) {
  console.table(rows)
}

/** Whether the PostgreSQL server of a benchmark answers; the PostgreSQL rows are skipped if not. */
export async function postgresReachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.end()
    return true
  } catch {
    return false
  }
}
