import http from 'node:http'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** The body arrived whole (as long as announced, no error); false when the connection was cut or the reader stopped. */
  complete: boolean
}

/**
 * A GET as a browser's media element sends it, over real HTTP: reads at most `maxBytes` of the body
 * (then lets go, as a learner who seeks elsewhere), and gives up after `timeoutMs`.
 */
export function get(url: string, headers: Record<string, string> = {}, options: { maxBytes?: number; timeoutMs?: number; method?: string; body?: string } = {}): Promise<Answer> {
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      let size = 0
      let settled = false
      const done = (complete: boolean) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        const body = Buffer.concat(chunks)
        const announced = res.headers['content-length'] === undefined ? undefined : Number(res.headers['content-length'])
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, complete: complete && (announced === undefined || announced === body.length) })
      }
      res.on('data', (c: Buffer) => {
        chunks.push(c)
        size += c.length
        if (size >= maxBytes) {
          done(false)
          req.destroy()
        }
      })
      res.on('end', () => done(true))
      res.on('error', () => done(false))
      res.on('aborted', () => done(false))
      res.on('close', () => done(res.complete))
    })
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer from ${url} within ${options.timeoutMs ?? 15_000} ms`))
    }, options.timeoutMs ?? 15_000)
    req.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    req.end(options.body)
  })
}

/** A JSON POST over real HTTP, read as `get` reads. */
export const postJson = (url: string, headers: Record<string, string>, payload: unknown, options: { timeoutMs?: number } = {}) =>
  get(url, { ...headers, 'content-type': 'application/json' }, { ...options, method: 'POST', body: JSON.stringify(payload) })
