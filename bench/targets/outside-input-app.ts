import { startBenchApp } from './bench-app'

/** The real app with one signed-in user, allowed to fetch feeds from loopback (the bench serves them). */
await startBenchApp({ FETCH_ALLOW_HOSTS: '127.0.0.1' })
