import { startBenchApp } from './bench-app'

/** The real app on a fresh database with one signed-in user whose token it prints. */
await startBenchApp()
