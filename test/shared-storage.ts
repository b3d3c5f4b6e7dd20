import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface SharedStorage {
  kind: 'local' | 's3'
  /** Env for one more process: with a bucket, a DATA_DIR of its own, so nothing can pass through a shared disk. */
  processEnv(): Record<string, string>
  close(): Promise<void>
}

const s3Adapter = path.resolve(import.meta.dirname, '../apps/server/src/lib/s3-storage.ts')

/** 's3' when the S3 adapter exists (and TEST_SHARED_STORAGE is not 'local'). */
export async function sharedStorageKind(): Promise<SharedStorage['kind']> {
  if (process.env.TEST_SHARED_STORAGE === 'local' || !existsSync(s3Adapter)) return 'local'
  const adapter = (await import(s3Adapter)) as Record<string, unknown>
  return typeof adapter.createS3Storage === 'function' ? 's3' : 'local'
}

/**
 * The storage several processes share: an s3rver bucket on loopback when the
 * S3 adapter is there (STORAGE_URL), otherwise the one local DATA_DIR they
 * all get. TEST_SHARED_STORAGE=local forces the local one.
 */
export async function sharedStorage(): Promise<SharedStorage> {
  if ((await sharedStorageKind()) === 'local') return { kind: 'local', processEnv: () => ({}), close: async () => undefined }
  const { startS3Server } = await import('./s3-server')
  const s3 = await startS3Server('lingocast-multi')
  const dirs: string[] = []
  return {
    kind: 's3',
    processEnv() {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-proc-'))
      dirs.push(dir)
      return { ...s3.env('shared/'), DATA_DIR: dir }
    },
    async close() {
      await s3.close()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}
