import path from 'node:path'
import { ConfigError, loadConfig } from '../config'
import { createS3Storage } from '../lib/s3-storage'
import { createLocalStorage } from '../lib/storage'
import { copyStorage } from './copy-storage'

/**
 * `STORAGE_URL=s3://bucket/prefix?... npm run storage:copy-to-s3`
 * Copies every stored file of DATA_DIR/storage into the bucket STORAGE_URL
 * names. Run it again after an interruption: files already there with the
 * same size are skipped. The data dir is only read; the server may keep running
 * on it (files stored meanwhile are picked up by another run).
 */
let config
try {
  config = loadConfig()
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}
if (config.storage.kind !== 's3') {
  console.error('Usage: STORAGE_URL=s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true AWS_ACCESS_KEY_ID=... AWS_SECRET_ACCESS_KEY=... npm run storage:copy-to-s3')
  process.exit(2)
}
const { kind: _kind, ...where } = config.storage
const tmpDir = path.join(config.dataDir, 'tmp', 'storage-copy')
const target = createS3Storage({ ...where, tmpDir })
try {
  await target.ping()
  const counts = await copyStorage({
    source: createLocalStorage({ root: config.storageDir }),
    sourceRoot: config.storageDir,
    target,
    tmpDir,
    onError: (address, error) => console.error(`${address}: ${error instanceof Error ? error.message : String(error)}`),
  })
  console.table([counts])
  console.log(`${counts.copied} copied, ${counts.skipped} already there, ${counts.failed} failed: ${config.storageDir} -> s3://${where.bucket}/${where.prefix}`)
  if (counts.failed > 0) process.exitCode = 1
  else console.log('Start with the same STORAGE_URL (and AWS_* variables) to serve files from the bucket.')
} catch (error) {
  console.error(`Copy failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
  process.exitCode = 1
} finally {
  target.client.destroy()
}
