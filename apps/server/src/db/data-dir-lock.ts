import { mkdirSync } from 'node:fs'
import path from 'node:path'
import lockfile from 'proper-lockfile'

export class DataDirLockedError extends Error {}

/**
 * Two processes opening one PGlite data dir silently lose data (ARCHITECTURE.md
 * s3, hazard 3), so the embedded mode holds an exclusive lock on DATA_DIR.
 * proper-lockfile refreshes the lock's mtime; a lock left by a killed process
 * goes stale after `staleMs` and is then taken over.
 */
export async function lockDataDir(dataDir: string, staleMs = 10_000): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true })
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: staleMs,
      onCompromised: (error) => {
        // Someone removed or took our lock: keep running would risk the data.
        console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping to protect the data.`)
        process.exit(1)
      },
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Another Lingocast server is already using DATA_DIR ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR (or DATABASE_URL for a shared PostgreSQL server).',
      )
    }
    throw error
  }
}
