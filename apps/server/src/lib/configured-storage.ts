import path from 'node:path'
import type { Config } from '../config'
import { createLocalStorage, type Mounts, type Storage } from './storage'

/** Where downloads of stored objects for ffmpeg live while it runs; the start-up sweep clears what a crash left. */
export const storageTmpDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp', 'storage')

/**
 * The storage STORAGE_URL selects: local disk under DATA_DIR/storage unless it
 * names a bucket. The AWS SDK is loaded only then: the embedded default keeps
 * its start-up time and memory.
 */
export async function createConfiguredStorage(config: Pick<Config, 'storage' | 'storageDir' | 'dataDir' | 'outbound' | 'uploadMaxBytes'>, mounts: Mounts): Promise<Storage> {
  if (config.storage.kind === 'local') return createLocalStorage({ root: config.storageDir, mounts })
  const { kind: _kind, ...where } = config.storage
  const { createS3Storage } = await import('./s3-storage')
  const { headersTimeoutMs, bodyTimeoutMs, lowSpeed } = config.outbound
  return createS3Storage({ ...where, tmpDir: storageTmpDir(config), mounts, timeouts: { headersMs: headersTimeoutMs, idleMs: bodyTimeoutMs, lowSpeed }, maxObjectBytes: config.uploadMaxBytes })
}
