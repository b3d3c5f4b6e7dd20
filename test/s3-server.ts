/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { StorageConfig } from '../apps/server/src/config'

export interface TestS3Server {
  endpoint: string
  bucket: string
  /** The directory s3rver keeps its buckets in. */
  directory: string
  /** Config.storage for this bucket, under `prefix`. */
  storage(prefix?: string): Extract<StorageConfig, { kind: 's3' }>
  /** STORAGE_URL and credentials, for a child process. */
  env(prefix?: string): Record<string, string>
  /** While set, requests it matches get their connection cut (a server dying mid-upload). */
  failWhen: ((req: IncomingMessage) => boolean) | undefined
  /** How many requests reached the server, by method. */
  requests: Record<string, number>
  close(): Promise<void>
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/**
 * s3rver (an S3-protocol server in Node) on a random loopback port, its
 * buckets in a temporary directory: the S3 side of the storage tests. MinIO
 * cannot be fetched here; s3rver is an npm package and speaks the calls
 * the adapter makes (multipart, ranged GET, HEAD, list v2, delete).
 */
export async function startS3Server(bucket = 'lingocast-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lingocast-s3-'))
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] })
  await s3rver.configureBuckets()
  const handle = s3rver.callback()
  const server: TestS3Server = {
    endpoint: '',
    bucket,
    directory,
    failWhen: undefined,
    requests: {},
    storage: (prefix = '') => ({ kind: 's3', bucket, prefix, endpoint: server.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS }),
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(server.endpoint)}&region=us-east-1&forcePathStyle=true`,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    close: async () => {
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
      s3rver.logger.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
  const http = createServer((req, res) => {
    server.requests[req.method!] = (server.requests[req.method!] ?? 0) + 1
    if (server.failWhen?.(req)) return req.socket.destroy()
    handle(req, res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  server.endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return server
}
