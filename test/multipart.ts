import { randomBytes } from 'node:crypto'

export interface FilePart {
  field: string
  filename: string
  content: Buffer | string
  type?: string
}

/** A multipart/form-data body as a browser's FormData sends it, for app.inject. */
export function multipart(parts: FilePart[], headers: Record<string, string> = {}) {
  const boundary = `----lingocast${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) }
}
