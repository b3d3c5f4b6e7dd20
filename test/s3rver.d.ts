/** The part of s3rver (no types of its own) the tests and benches use. */
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  export default class S3rver {
    constructor(options: { directory: string; silent?: boolean; configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>; address?: string; port?: number })
    configureBuckets(): Promise<void>
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    logger: { close(): void }
  }
}
