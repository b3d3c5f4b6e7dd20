import path from 'node:path'
import { lockDataDir } from './data-dir-lock'
import { startPgliteHost, type PgliteHost } from './pglite-host'
import { readyTemplate } from './template'

/** In DATA_DIR/tmp: the embedded database's socket directory while it runs (pglite-host.ts), so a start after a kill removes it. */
export const PG_SOCKET_DIR_RECORD = 'pg-socket-dir'

export interface EmbeddedStart {
  host: PgliteHost
  /** Lets the data dir go (a no-op when it was not locked). */
  unlock: () => Promise<void>
}

/**
 * The data dir locked and PGlite started in its thread: the slow half of
 * openDatabase, apart so that main.ts can begin it before loading the app's
 * modules (and the drizzle and pg modules of client.ts), which then load while
 * the database starts. A first start copies the migrated data dir that `npm run
 * build` made (db/template.ts), when it has one that fits.
 */
export async function startEmbedded(dataDir: string, options: { lock?: boolean; template?: false } = {}): Promise<EmbeddedStart> {
  const unlock = options.lock === false ? async () => undefined : await lockDataDir(dataDir)
  try {
    const host = await startPgliteHost(path.join(dataDir, 'pgdata'), {
      socketDirRecord: path.join(dataDir, 'tmp', PG_SOCKET_DIR_RECORD),
      template: options.template === false ? undefined : readyTemplate(),
    })
    return { host, unlock }
  } catch (error) {
    await unlock()
    throw error
  }
}
