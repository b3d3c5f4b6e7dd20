import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type CheckResult = 'ok' | 'failed'
export interface Readiness {
  ready: boolean
  checks: { database: CheckResult; storage: CheckResult }
  /** For the log only: never sent to the caller. */
  errors: Partial<Record<'database' | 'storage', unknown>>
}

export interface ReadinessDeps {
  ping: () => Promise<void>
  storageDir: string
  /** A check that hangs (a saturated pool, a stalled disk) counts as failed after this long. */
  timeoutMs: number
}

/** Database and storage, checked at once and each within the timeout. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const [database, storage] = await Promise.allSettled([withTimeout(deps.ping(), deps.timeoutMs), withTimeout(probeStorage(deps.storageDir), deps.timeoutMs)])
  const checks = { database: result(database), storage: result(storage) }
  const errors: Readiness['errors'] = {}
  if (database.status === 'rejected') errors.database = database.reason
  if (storage.status === 'rejected') errors.storage = storage.reason
  return { ready: checks.database === 'ok' && checks.storage === 'ok', checks, errors }
}

const result = (settled: PromiseSettledResult<unknown>): CheckResult => (settled.status === 'fulfilled' ? 'ok' : 'failed')

/**
 * Writes, reads back and deletes a small file: permission bits alone say
 * nothing when running as root, and a full or read-only disk only shows on write.
 * The directory is made if missing, as the first upload would.
 */
async function probeStorage(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `.readyz-${randomUUID()}`)
  const text = 'ready'
  try {
    await writeFile(file, text)
    if ((await readFile(file, 'utf8')) !== text) throw new Error('storage read back other bytes than it was given')
  } finally {
    await rm(file, { force: true })
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
