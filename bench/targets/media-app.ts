import { mkdirSync, truncateSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { startBenchApp } from './bench-app'

/** The real app with a stored file of BENCH_FILE_MB megabytes in the bench user's library. */
const megabytes = Number(process.env.BENCH_FILE_MB ?? 100)

await startBenchApp({}, async (database, userId, dataDir) => {
  const dir = path.join(dataDir, 'storage', 'bench')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'episode.mp3')
  writeFileSync(file, '')
  truncateSync(file, megabytes * 1024 * 1024)
  await createLibraryRepo(database.db).insert(userId, { title: 'Bench', audio: '/bench/episode.mp3' })
  return { file }
})
