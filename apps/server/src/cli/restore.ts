import path from 'node:path'
import { loadConfig } from '../config'
import { BackupError, restoreBackup } from './backup-archive'

/**
 * `npm run restore -- <backup.tar.gz> [DATA_DIR]`
 * Restores a backup made by `npm run backup` into a new (or empty) data dir:
 * the one named, else DATA_DIR as for npm start.
 */
const [archive, dataDirArg] = process.argv.slice(2)
if (!archive || archive.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [DATA_DIR]   (an empty or new directory; default: DATA_DIR as for npm start)')
  process.exit(2)
}
const dataDir = path.resolve(dataDirArg ?? loadConfig().dataDir)
try {
  const started = Date.now()
  const restored = await restoreBackup(path.resolve(archive), dataDir)
  console.log(
    `Restored the backup of ${restored.createdAt} into ${dataDir}: ${restored.users ?? 'unknown'} users, ${restored.storage.files} stored files, ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server with DATA_DIR=${dataDir} npm start.`,
  )
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exitCode = 1
}
