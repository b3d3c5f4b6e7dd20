import http from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from './server'

/**
 * The bytes a phone downloads: the built console's main chunk and a
 * transcript, over real HTTP from the real server (run `npm run build`
 * first), brotli or gzip when the client asks, and the plain bytes when it
 * does not. QUALITY.md: the main chunk compressed is at most 45 % of its size.
 */
let db: TestDatabase
let server: ServerProcess

beforeAll(async () => {
  db = await createTestDatabase({ open: false })
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
})
afterAll(async () => {
  await server?.stop()
  await db?.drop()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One GET with exactly these headers: fetch would add its own Accept-Encoding and decode the body. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

const decoders = { br: brotliDecompressSync, gzip: gunzipSync } as const

/** Asked for br, for gzip, and for nothing: each encoded as asked, each decoding to the plain bytes. */
async function checkEncodings(url: string, headers: Record<string, string> = {}) {
  const plain = await get(url, headers)
  expect(plain.status, url).toBe(200)
  expect(plain.headers['content-encoding'], url).toBeUndefined()
  const sizes: Record<string, number> = { plain: plain.body.length }
  for (const encoding of ['br', 'gzip'] as const) {
    const res = await get(url, { ...headers, 'accept-encoding': encoding })
    expect(res.status, `${url} ${encoding}`).toBe(200)
    expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding)
    expect(res.headers.vary, `${url} ${encoding}`).toMatch(/accept-encoding/i)
    expect(decoders[encoding](res.body).equals(plain.body), `${url} ${encoding} decodes to the plain bytes`).toBe(true)
    sizes[encoding] = res.body.length
  }
  return { plain, sizes }
}

describe('compressed when asked, plain when not', () => {
  it("the console's main chunk, brotli and gzip made at build time, at most 45 % of its size", async () => {
    const index = await get(`${server.url}/console/`, { accept: 'text/html' })
    // The console's own start (app/boot.tsx, its last stage: decision 0031) is named by the template the
    // page starts after its first paint (decision 0019).
    const template = /<template id="console-code"[^>]*>(.*?)<\/template>/.exec(index.body.toString('utf8'))?.[1] ?? ''
    const main = /href="(\/console\/assets\/boot-[\w-]{8}\.js)"/.exec(template)?.[1]
    expect(main, "the console's start in index.html").toMatch(/^\/console\/assets\/boot-[\w-]{8}\.js$/)
    const { plain, sizes } = await checkEncodings(server.url + main)
    expect(plain.headers['content-type']).toMatch(/javascript/)
    expect(plain.headers['cache-control']).toContain('immutable')
    console.log(`main chunk ${main}: plain ${sizes.plain} B, br ${sizes.br} B (${((100 * sizes.br!) / sizes.plain!).toFixed(1)} %), gzip ${sizes.gzip} B (${((100 * sizes.gzip!) / sizes.plain!).toFixed(1)} %)`)
    expect(sizes.br! / sizes.plain!).toBeLessThanOrEqual(0.45)
    expect(sizes.gzip! / sizes.plain!).toBeLessThanOrEqual(0.45)
  })

  it('a transcript answer', async () => {
    const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }
    // The first library read gives the learner the demo article and its transcript.
    expect((await get(`${server.url}/english_vocab/api/word_collections`, auth)).status).toBe(200)
    const url = `${server.url}/media-proxy/get_speech_segments?audio_url=${encodeURIComponent('/demo/sense-and-sensibility.mp3')}`
    const { plain, sizes } = await checkEncodings(url, auth)
    expect(JSON.parse(plain.body.toString('utf8')).segments).toHaveLength(5)
    expect(sizes.br!).toBeLessThan(sizes.plain! / 2)
    expect(sizes.gzip!).toBeLessThan(sizes.plain! / 2)
  })
})
