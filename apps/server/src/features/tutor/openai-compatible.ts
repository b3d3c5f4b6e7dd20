import { TUTOR_MSG } from '@lingocast/contract'
import { createParser } from 'eventsource-parser'
import type { FastifyBaseLogger } from 'fastify'
import { UpstreamError } from '../../lib/errors'
import { readCapped, type SafeFetch } from '../../lib/safe-fetch'
import { explainSystemPrompt, explainUserPrompt } from './prompts/explain'
import { improveFlashcardSystemPrompt } from './prompts/improve-flashcard'
import type { TutorProvider, TutorTask } from './provider'

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8080/v1 (llama.cpp). */
  baseUrl: string
  apiKey: string | undefined
  model: string
  /** Longest wait for the answer to start and between two chunks. */
  idleTimeoutMs: number
}

/**
 * The most a stream may send: a long answer is a few KB of text, a few tens in events. A host that
 * streams without end (or sends bytes that are no events) is cut here, not read for ever.
 */
export const MAX_STREAM_BYTES = 4 * 1024 * 1024
/** A whole answer may take this many idle timeouts: a host that trickles just under the idle timeout is cut too. */
export const ANSWER_IDLE_TIMEOUTS = 10
/** What is read of a refusal's body for the log. */
const MAX_REFUSAL_BYTES = 64 * 1024

interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/** The chat-completions messages of a task: the system prompt, then the turns (Explain turns with their context). */
export function toChatMessages(task: TutorTask): ChatMessage[] {
  if (task.kind === 'improve-flashcard') {
    return [{ role: 'system', content: improveFlashcardSystemPrompt(task) }, ...task.messages.map((m) => ({ role: m.role, content: m.content }))]
  }
  const last = task.messages.length - 1
  return [
    { role: 'system', content: explainSystemPrompt(task.article, task.wantFlashcards) },
    ...task.messages.map((m, i) => ({
      role: m.role,
      content: m.segment
        ? explainUserPrompt(m.segment, m.content, i === last && task.wantFlashcards, i === last ? { front: task.wantFlashcards ? task.front : undefined, words: task.learner } : undefined)
        : m.content,
    })),
  ]
}

interface StreamChunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>
  error?: { message?: string }
}

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, llama.cpp server,
 * vLLM), streamed: POST {base}/chat/completions with stream: true, read as
 * server-sent events, each `data:` a chunk whose choices[0].delta.content is
 * the next piece of text, until `data: [DONE]`. A stream that stops without
 * [DONE] or a finish_reason was cut and is an error, not a short answer.
 */
export function createOpenAiCompatibleTutor(options: OpenAiCompatibleOptions, log: FastifyBaseLogger, http: Pick<SafeFetch, 'fetch'>): TutorProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`

  return {
    name: 'openai-compatible',
    async *stream(task, signal) {
      const controller = new AbortController()
      const onAbort = () => controller.abort(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      let timedOut = false
      let timer: NodeJS.Timeout | undefined
      const deadline = setTimeout(() => {
        timedOut = true
        controller.abort()
      }, options.idleTimeoutMs * ANSWER_IDLE_TIMEOUTS)
      const armTimer = () => {
        clearTimeout(timer)
        timer = setTimeout(() => {
          timedOut = true
          controller.abort()
        }, options.idleTimeoutMs)
      }

      try {
        armTimer()
        const res = await http.fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ model: options.model, messages: toChatMessages(task), stream: true }),
          signal: controller.signal,
        })
        if (res.status < 200 || res.status > 299) {
          const detail = (await readCapped(res.body, MAX_REFUSAL_BYTES).catch(() => Buffer.alloc(0))).toString('utf8').slice(0, 500)
          log.warn({ status: res.status, detail, url }, 'AI endpoint refused the chat request')
          throw new UpstreamError(TUTOR_MSG.upstream)
        }

        let pending: string[] = []
        let finished = false
        let failure: string | undefined
        const parser = createParser({
          onEvent(event) {
            if (event.data === '[DONE]') {
              finished = true
              return
            }
            let chunk: StreamChunk
            try {
              chunk = JSON.parse(event.data) as StreamChunk
            } catch {
              failure = 'a chunk that is not JSON'
              return
            }
            if (chunk.error) failure = chunk.error.message ?? 'an error event'
            const choice = chunk.choices?.[0]
            if (choice?.delta?.content) pending.push(choice.delta.content)
            if (choice?.finish_reason) finished = true
          },
        })

        const decoder = new TextDecoder()
        let received = 0
        for await (const bytes of res.body as AsyncIterable<Uint8Array>) {
          armTimer()
          received += bytes.length
          if (received > MAX_STREAM_BYTES) {
            log.warn({ url, bytes: received }, 'AI stream went past its size limit')
            throw new UpstreamError(TUTOR_MSG.upstream)
          }
          parser.feed(decoder.decode(bytes, { stream: true }))
          if (pending.length > 0) {
            const text = pending.join('')
            pending = []
            yield text
          }
          if (failure) {
            log.warn({ failure, url }, 'AI stream reported an error')
            throw new UpstreamError(TUTOR_MSG.upstream)
          }
        }
        if (!finished) {
          log.warn({ url }, 'AI stream ended before [DONE]')
          throw new UpstreamError(TUTOR_MSG.upstream)
        }
      } catch (error) {
        // The learner left: stop quietly. A timeout or a broken connection is the AI's failure.
        if (signal.aborted) return
        if (error instanceof UpstreamError) throw error
        log.warn({ err: error, url, timedOut }, timedOut ? 'AI endpoint timed out' : 'AI endpoint failed')
        throw new UpstreamError(TUTOR_MSG.upstream, { cause: error })
      } finally {
        clearTimeout(timer)
        clearTimeout(deadline)
        signal.removeEventListener('abort', onAbort)
        // Ends the upstream request when the consumer stops early.
        controller.abort()
      }
    },
  }
}
