import { startBenchApp } from './bench-app'

/**
 * The real app (default upload limit) with one signed-in user; prints its pid so the bench can read its RSS.
 * With STORAGE_URL (and the AWS_* variables) set, uploads go to that bucket.
 */
await startBenchApp(
  { PROCESS_ROLE: 'web', STORAGE_URL: process.env.STORAGE_URL, AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY },
  async (_database, _userId, dataDir) => ({ pid: process.pid, dataDir }),
)
