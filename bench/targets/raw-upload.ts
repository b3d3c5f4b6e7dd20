import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'

/**
 * The ceiling of an upload over loopback HTTP on this machine: a bare Node
 * server that writes the request body to a file and flushes it, with no
 * multipart parsing, checks or database. Prints its port and pid.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-raw-'))
const server = http.createServer(async (req, res) => {
  const file = path.join(dir, 'body.bin')
  await pipeline(req, createWriteStream(file, { highWaterMark: 1 << 20 }))
  const handle = await open(file, 'r+')
  await handle.sync()
  await handle.close()
  rmSync(file)
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify({ success: true, storage_path: '', msg: 'ok' }))
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port, pid: process.pid })}\n`)
})
process.on('SIGTERM', () => {
  rmSync(dir, { recursive: true, force: true })
  process.exit(0)
})
