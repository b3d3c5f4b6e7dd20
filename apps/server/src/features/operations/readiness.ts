export type CheckResult = 'ok' | 'failed'
export interface Readiness {
  ready: boolean
  checks: { database: CheckResult; storage: CheckResult }
  /** For the log only: never sent to the caller. */
  errors: Partial<Record<'database' | 'storage', unknown>>
}

export interface ReadinessDeps {
  ping: () => Promise<void>
  /** The configured storage's own check (lib/storage.ts ping): a write on local disk, the bucket on S3. */
  pingStorage: () => Promise<void>
  /** A check that hangs (a saturated pool, a stalled disk) counts as failed after this long. */
  timeoutMs: number
}

/** Database and storage, checked at once and each within the timeout. */
export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const [database, storage] = await Promise.allSettled([withTimeout(deps.ping(), deps.timeoutMs), withTimeout(deps.pingStorage(), deps.timeoutMs)])
  const checks = { database: result(database), storage: result(storage) }
  const errors: Readiness['errors'] = {}
  if (database.status === 'rejected') errors.database = database.reason
  if (storage.status === 'rejected') errors.storage = storage.reason
  return { ready: checks.database === 'ok' && checks.storage === 'ok', checks, errors }
}

const result = (settled: PromiseSettledResult<unknown>): CheckResult => (settled.status === 'fulfilled' ? 'ok' : 'failed')

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
