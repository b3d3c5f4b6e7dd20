import { contextLine, TUTOR_MSG, type ExplainContext } from '@lingocast/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../api/client'
import { streamChat } from './api'
import { readChatHistory, writeChatHistory, type ChatEntry } from './chat-history'

let counter = 0
const newId = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`

export interface Chat {
  messages: ChatEntry[]
  /** A reply is streaming into the last assistant message. */
  streaming: boolean
  /** Sends a question; ignored when blank or while a reply streams (spec 000 s5). True when sent. */
  send(text: string): boolean
  /** Posts the explain context of a segment (or a flashcard request for it). */
  explain(context: ExplainContext): boolean
  clear(): void
}

/**
 * The chat of one article (spec 000 s4: sending, then streaming the reply
 * into the last assistant message). Lives with the article view so a reply
 * keeps streaming while another tab is shown; kept in local storage per
 * article across reloads.
 */
export function useChat(article: { CollectionID: number; HashID: string }): Chat {
  const [messages, setMessages] = useState<ChatEntry[]>(() => readChatHistory(article.HashID))
  const [streaming, setStreaming] = useState(false)
  const inFlight = useRef<AbortController | null>(null)
  const busy = useRef(false)
  const latest = useRef(messages)
  latest.current = messages

  useEffect(() => () => inFlight.current?.abort(), [])
  useEffect(() => {
    // The history is written once a reply is over, never half-streamed.
    if (!streaming) writeChatHistory(article.HashID, messages)
  }, [article.HashID, messages, streaming])

  const post = useCallback(
    (question: ChatEntry) => {
      if (busy.current) return false
      busy.current = true
      const conversation = [...latest.current, question]
      const reply: ChatEntry = { id: newId(), role: 'assistant', content: '', ...(question.explain ? { explain: question.explain } : {}) }
      const patchReply = (patch: Partial<ChatEntry>) => setMessages((list) => list.map((m) => (m.id === reply.id ? { ...m, ...patch } : m)))
      setMessages([...conversation, reply])
      setStreaming(true)
      const controller = new AbortController()
      inFlight.current = controller
      streamChat(article.CollectionID, conversation, (text) => patchReply({ content: text }), controller.signal)
        .catch((error: unknown) => {
          if (controller.signal.aborted) return
          console.error('Chat failed', error)
          const status = error instanceof ApiError && error.status > 0 ? error.status : undefined
          patchReply({ content: TUTOR_MSG.fallback, failed: true, ...(status ? { error: TUTOR_MSG.chatApiError(status) } : {}) })
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null
          busy.current = false
          setStreaming(false)
        })
      return true
    },
    [article.CollectionID],
  )

  return {
    messages,
    streaming,
    send: (text) => (text.trim() === '' ? false : post({ id: newId(), role: 'user', content: text.trim() })),
    explain: (context) => post({ id: newId(), role: 'user', content: `${context.flashcard ? 'Suggest flashcards for' : 'Explain'} ${contextLine(context.currentSegment)}`, explain: context }),
    clear: () => {
      inFlight.current?.abort()
      setMessages([])
    },
  }
}
