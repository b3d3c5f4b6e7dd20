import { startS3Server } from '../../test/s3-server'

/** s3rver on loopback in its own process, so it never shares an event loop with the app or the load generator. */
const s3 = await startS3Server('lingocast-bench')
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)))
process.stdout.write(`${JSON.stringify({ port: Number(new URL(s3.endpoint).port), endpoint: s3.endpoint, env: s3.env('bench'), pid: process.pid })}\n`)
