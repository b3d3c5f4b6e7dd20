import http from 'node:http'
import { median, printTable, startTarget } from './harness'

/**
 * Time to the first streamed byte of a tutor answer: through the server
 * (POST chat-explain-english, which checks the token, reads the article,
 * builds the prompt and relays the model's stream) against straight from the
 * loopback OpenAI-compatible model, in the same run, requests alternating.
 * Goal: the server adds at most 20 ms.
 */
const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const runs = Number(process.env.BENCH_RUNS ?? 3)

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/** Milliseconds from sending until `isFirst` accepts what has arrived; the rest is drained. */
function firstByte(port: number, path: string, headers: Record<string, string>, body: string, isFirst: (text: string) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let text = ''
    let at: number | undefined
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`))
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
        if (at === undefined && isFirst(text)) at = performance.now() - started
      })
      res.on('end', () => (at === undefined ? reject(new Error(`${path}: no text`)) : resolve(at)))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const model = await startTarget('model.ts')
const app = await startTarget('tutor-app.ts', { AI_BASE_URL: `http://127.0.0.1:${model.port}/v1`, BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' })
const { articleId } = app as unknown as { articleId: number }

const messages = [{ role: 'user', content: 'What does leisure mean?' }]
const direct = () =>
  firstByte(model.port, '/v1/chat/completions', { 'content-type': 'application/json' }, JSON.stringify({ model: 'bench-model', stream: true, messages }), (t) => /"content":"[^"]/.test(t))
const viaServer = () =>
  firstByte(app.port, '/english_vocab/api/chat-explain-english', { 'content-type': 'application/json', authorization: `Bearer ${app.token}` }, JSON.stringify({ article_id: articleId, user_messages: messages }), (t) => t.length > 0)

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!

try {
  for (let i = 0; i < 20; i++) await Promise.all([direct(), viaServer()].map((p) => p.catch(() => 0))) // warm-up
  const rows = []
  const added: number[] = []
  for (let run = 0; run < runs; run++) {
    const d: number[] = []
    const s: number[] = []
    for (let i = 0; i < requests; i++) {
      d.push(await direct())
      s.push(await viaServer())
    }
    added.push(median(s) - median(d))
    rows.push({ run: run + 1, 'direct p50 ms': median(d).toFixed(2), 'direct p95 ms': percentile(d, 0.95).toFixed(2), 'server p50 ms': median(s).toFixed(2), 'server p95 ms': percentile(s, 0.95).toFixed(2), 'added p50 ms': (median(s) - median(d)).toFixed(2) })
  }
  printTable(rows)
  const addedMs = median(added)
  console.log(`RESULT tutor_ttfb_added_ms=${addedMs.toFixed(2)} goal_ms=20 pass=${addedMs <= 20}`)
} finally {
  app.stop()
  model.stop()
  agent.destroy()
}
