import { loadConfig, type Config } from '../apps/server/src/config'
import { buildApp, type App } from '../apps/server/src/app'
import type { TutorProvider } from '../apps/server/src/features/tutor/provider'
import { createTestDatabase, type TestDatabase } from './db'

export interface TestApp {
  app: App
  db: TestDatabase
  config: Config
  close(): Promise<void>
}

/** The real app on a fresh migrated database; `config` overrides the defaults of an empty environment. */
export async function buildTestApp(config: Partial<Config> = {}, options: { logLines?: string[]; extend?: (app: App) => void; tutor?: TutorProvider; screenDataWaitMs?: number } = {}): Promise<TestApp> {
  const db = await createTestDatabase()
  // No job runner unless a test asks for one ('both'): most tests queue nothing.
  const fullConfig: Config = { ...loadConfig({ DATA_DIR: db.env.DATA_DIR, PROCESS_ROLE: 'web', FEED_CATALOGUE_FETCH: '0' }), ...config }
  // Tests that assert on the log pass `logLines` and get every JSON log line.
  const logger = options.logLines
    ? { level: 'info', stream: { write: (line: string) => void options.logLines!.push(line) } }
    : false
  const app = await buildApp(fullConfig, { database: db.database, logger, ...(options.tutor ? { tutor: options.tutor } : {}), ...(options.screenDataWaitMs === undefined ? {} : { screenDataWaitMs: options.screenDataWaitMs }) })
  options.extend?.(app)
  await app.ready()
  return {
    app,
    db,
    config: fullConfig,
    async close() {
      await app.close()
      await db.drop()
    },
  }
}

/** Form-encoded body, as the console sends the sign-in calls. */
export function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() }
}
