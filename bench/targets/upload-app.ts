import { startBenchApp } from './bench-app'

/** The real app (default upload limit) with one signed-in user; prints its pid so the bench can read its RSS. */
await startBenchApp({ PROCESS_ROLE: 'web' }, async (_database, _userId, dataDir) => ({ pid: process.pid, dataDir }))
