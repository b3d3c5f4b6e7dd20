import { linkSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { loadConfig } from '../../apps/server/src/config'
import { createConfiguredStorage } from '../../apps/server/src/lib/configured-storage'
import { startBenchApp } from './bench-app'

/**
 * The real app with a stored file of BENCH_FILE_MB megabytes in the bench user's library;
 * with STORAGE_URL (and the AWS_* variables) set, the file is in that bucket.
 */
const megabytes = Number(process.env.BENCH_FILE_MB ?? 100)
const storageEnv = { STORAGE_URL: process.env.STORAGE_URL, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY }

await startBenchApp(storageEnv, async (database, userId, dataDir) => {
  const dir = path.join(dataDir, 'storage', 'bench')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'episode.mp3')
  writeFileSync(file, '')
  truncateSync(file, megabytes * 1024 * 1024)
  const config = loadConfig({ DATA_DIR: dataDir, ...storageEnv })
  if (config.storage.kind === 's3') {
    // put moves what it is given: a second name keeps the local file for the static baseline.
    const moved = path.join(dataDir, 'episode-for-bucket.mp3')
    linkSync(file, moved)
    await (await createConfiguredStorage(config, {})).put(moved, '/bench/episode.mp3')
  }
  await createLibraryRepo(database.db).insert(userId, { title: 'Bench', audio: '/bench/episode.mp3' })
  return { file }
})
