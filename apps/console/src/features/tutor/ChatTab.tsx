import { TUTOR_MSG, type FlashcardSuggestion } from '@lingocast/contract'
import { Layers, MessageCircle, SendHorizontal, Trash } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { preloadMarkdown } from '../../components/ui/LazyMarkdown'
import { Tooltip } from '../../components/ui/Tooltip'
import type { ChatEntry } from './chat-history'
import { ChatMarkdown } from './ChatMarkdown'
import type { FlashcardDraft } from './flashcard-draft'
import type { Chat } from './useChat'

/** The Chat tab (spec 000 s2): 600px high, streamed markdown replies, flashcard suggestions, Send and clear. */
export function ChatTab({
  chat,
  onCreateFlashcard,
  addedCard,
}: {
  chat: Chat
  onCreateFlashcard: (draft: FlashcardDraft) => void
  /** A suggestion that is already a card: Added, and a second click opens that card. */
  addedCard?: { isAdded: (card: FlashcardSuggestion) => boolean; open: (card: FlashcardSuggestion) => void }
}) {
  const [text, setText] = useState('')
  const list = useRef<HTMLDivElement>(null)
  const stick = useRef(true)

  // The replies are markdown: its code is asked for as the tab opens, before the first reply comes.
  useEffect(preloadMarkdown, [])

  const last = chat.messages.at(-1)
  useEffect(() => {
    // Follow the reply as it streams, unless the learner scrolled up to read.
    const el = list.current
    if (el && stick.current) el.scrollTop = el.scrollHeight
  }, [last?.content, chat.messages.length])

  function submit(event?: FormEvent) {
    event?.preventDefault()
    if (chat.send(text)) setText('')
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <div className="flex h-[600px] flex-col" data-testid="chat-panel">
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
        <p className="text-xs font-medium text-slate-500">Tutor</p>
        <Tooltip label="Clear messages" align="end">
          <button
            type="button"
            aria-label="Clear messages"
            disabled={chat.messages.length === 0}
            onClick={chat.clear}
            className="inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
          >
            <Trash className="h-4 w-4" aria-hidden="true" />
          </button>
        </Tooltip>
      </div>

      <div
        ref={list}
        onScroll={(e) => {
          const el = e.currentTarget
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
        }}
        role="log"
        aria-label="Chat messages"
        aria-live="polite"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-4"
      >
        {chat.messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center text-center">
            <span className="rounded-full bg-indigo-50 p-3 text-indigo-500">
              <MessageCircle className="h-5 w-5" aria-hidden="true" />
            </span>
            <p className="mt-3 text-sm font-medium text-slate-700">{TUTOR_MSG.empty}</p>
          </div>
        ) : (
          chat.messages.map((m, i) => (
            <Message
              key={m.id}
              message={m}
              streaming={chat.streaming && i === chat.messages.length - 1}
              onCreateFlashcard={onCreateFlashcard}
              addedCard={addedCard}
            />
          ))
        )}
      </div>

      <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-100 p-3">
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={TUTOR_MSG.placeholder}
          aria-label="Your question"
          className="max-h-32 min-h-10 flex-1 resize-none rounded-lg border-0 bg-slate-50 px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-200 placeholder:text-slate-400 focus:bg-white focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
        <button
          type="submit"
          disabled={chat.streaming || text.trim() === ''}
          className="inline-flex h-10 items-center gap-1.5 rounded-lg bg-indigo-600 px-3 text-sm font-semibold text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-indigo-300"
        >
          <SendHorizontal className="h-4 w-4" aria-hidden="true" />
          Send
        </button>
      </form>
    </div>
  )
}

function Message({
  message,
  streaming,
  onCreateFlashcard,
  addedCard,
}: {
  message: ChatEntry
  streaming: boolean
  onCreateFlashcard: (draft: FlashcardDraft) => void
  addedCard: Parameters<typeof ChatTab>[0]['addedCard']
}) {
  if (message.role === 'user') {
    return (
      <div className="flex justify-end">
        <p data-testid="chat-user" className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-indigo-600 px-3.5 py-2 text-sm text-white">
          {message.content}
        </p>
      </div>
    )
  }
  const context = message.explain
  return (
    <div data-testid="chat-assistant" aria-busy={streaming || undefined} className="max-w-[95%] rounded-2xl rounded-bl-md bg-white px-3.5 py-2.5 ring-1 ring-slate-200">
      {message.content === '' && streaming ? (
        <span className="inline-flex gap-1 py-1" aria-label="The tutor is writing">
          {[0, 150, 300].map((d) => (
            <span key={d} className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none" style={{ animationDelay: `${d}ms` }} />
          ))}
        </span>
      ) : (
        <ChatMarkdown
          text={message.content}
          canAdd={!streaming}
          onAdd={(card) => onCreateFlashcard({ ...card, ...(context ? { context } : {}) })}
          {...(addedCard ? { isAdded: addedCard.isAdded, onOpen: addedCard.open } : {})}
        />
      )}
      {message.error && (
        <p role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {message.error}
        </p>
      )}
      {context && !streaming && !message.failed && (
        <button
          type="button"
          onClick={() => onCreateFlashcard({ front: '', back: '', context })}
          className="mt-2.5 inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 transition hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Layers className="h-3.5 w-3.5" aria-hidden="true" />
          Create flashcard
        </button>
      )}
    </div>
  )
}
