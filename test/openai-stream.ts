import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake model answers one request. */
export interface ModelReply {
  /** Non-2xx: answer with this status and an OpenAI-style error body. */
  status?: number
  /** The text pieces, each sent as one `data:` chunk. */
  chunks?: string[]
  /** Wait before each chunk (the first one included): a slow model. */
  delayMs?: number
  /** Drop the connection after this many content chunks, without [DONE]: a cut stream. */
  cutAfter?: number
}

export interface ChatRequest {
  headers: http.IncomingHttpHeaders
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> }
}

export interface OpenAiStreamServer {
  /** The base URL to configure as AI_BASE_URL (ends in /v1). */
  baseUrl: string
  requests: ChatRequest[]
  /** Requests whose client hung up before the answer was complete. */
  abandoned: number
  /** What the next requests get; a function sees the request. */
  reply(next: ModelReply | ((request: ChatRequest) => ModelReply)): void
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * An OpenAI-compatible chat-completions endpoint on loopback that speaks the
 * real streaming protocol: `text/event-stream`, one `data: {chunk}` event per
 * piece with choices[0].delta.content, a final chunk with finish_reason
 * "stop", then `data: [DONE]`.
 */
export async function startOpenAiStreamServer(): Promise<OpenAiStreamServer> {
  let script: ModelReply | ((request: ChatRequest) => ModelReply) = { chunks: ['Hello', ' there'] }
  const state = { abandoned: 0 }
  const requests: ChatRequest[] = []

  const server = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }))
      return
    }
    const raw: Buffer[] = []
    for await (const part of req) raw.push(part as Buffer)
    const request: ChatRequest = { headers: req.headers, body: JSON.parse(Buffer.concat(raw).toString('utf8')) }
    requests.push(request)
    const plan = typeof script === 'function' ? script(request) : script

    if (plan.status && plan.status >= 300) {
      res.writeHead(plan.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }))
      return
    }
    let finished = false
    res.on('close', () => {
      if (!finished) state.abandoned++
    })
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    const base = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: request.body.model }
    const send = (choice: object) => res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, ...choice }] })}\n\n`)
    send({ delta: { role: 'assistant', content: '' }, finish_reason: null })
    const chunks = plan.chunks ?? []
    for (const [i, piece] of chunks.entries()) {
      if (plan.delayMs) await sleep(plan.delayMs)
      if (res.destroyed) return
      if (plan.cutAfter !== undefined && i >= plan.cutAfter) {
        finished = true
        res.socket?.destroy()
        return
      }
      send({ delta: { content: piece }, finish_reason: null })
    }
    send({ delta: {}, finish_reason: 'stop' })
    res.write('data: [DONE]\n\n')
    finished = true
    res.end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get abandoned() {
      return state.abandoned
    },
    reply(next) {
      script = next
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
