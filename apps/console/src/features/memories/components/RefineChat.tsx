import { formatCardBack, parseTaggedSections, previewText, SECTION_PREVIEW_LIMITS, TAGGED_SECTIONS, type CardContext, type RefineChatMessage as ChatMessage, type SectionValues } from '@lingocast/contract'
import { Sparkles } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/Button'
import { Spinner } from '../../../components/ui/Spinner'
import { ChatStatusError, streamImproveFlashcard } from '../api'
import { chatErrorText, chatFailureText, MEMORIES_TEXT } from '../messages'
import { Markdown } from './Markdown'

interface Props {
  articleId: string | undefined
  front: string
  context: CardContext | null
  cue: string
  onApply: (sections: SectionValues) => void
  onBusyChange?: (busy: boolean) => void
}

const SECTION_LABELS = { ReorganizedSentence: 'Reorganized sentence', Explanation: 'Explanation', MemorizeCue: 'Memorize cue' } as const
/** Enough of the conversation for the tutor to follow it, small enough to stay fast. */
const TURNS_SENT = 6

/**
 * The Refine Card chat (spec 001 s2, s4): the learner asks, the tutor's reply
 * streams in, and any proposed cue, explanation or reorganized sentence is
 * previewed and applied only on Apply Updates (which then reads Updated).
 */
export function RefineChat({ articleId, front, context, cue, onApply, onBusyChange }: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>([])
  const [input, setInput] = useState('')
  const [streaming, setStreaming] = useState<string>()
  const [proposal, setProposal] = useState<SectionValues>()
  const [applied, setApplied] = useState(false)
  const abort = useRef<AbortController>(null)
  const busy = streaming !== undefined
  const busyRef = useRef(onBusyChange)
  busyRef.current = onBusyChange
  useEffect(() => busyRef.current?.(busy), [busy])
  useEffect(() => () => abort.current?.abort(), [])

  const send = async (e: FormEvent) => {
    e.preventDefault()
    const text = input.trim()
    if (!text || busy) return
    const history: ChatMessage[] = [...messages, { role: 'user', content: text }]
    setMessages(history)
    setInput('')
    setStreaming('')
    const controller = new AbortController()
    abort.current = controller
    let reply: string
    try {
      const raw = await streamImproveFlashcard(
        {
          ...(articleId ? { article_id: articleId } : {}),
          front,
          Context: formatCardBack({ context, cue: '' }),
          memorize_cue: cue,
          user_messages: history.slice(-TURNS_SENT),
        },
        (soFar) => setStreaming(parseTaggedSections(soFar).message),
        controller.signal,
      )
      const parsed = parseTaggedSections(raw)
      reply = parsed.message || 'Here is my proposal.'
      if (Object.keys(parsed.sections).length > 0) {
        setProposal(parsed.sections)
        setApplied(false)
      }
    } catch (error) {
      if (controller.signal.aborted) return
      reply = error instanceof ChatStatusError ? chatErrorText(error.status) : chatFailureText(error)
    } finally {
      setStreaming(undefined)
    }
    setMessages((m) => [...m, { role: 'assistant', content: reply }])
  }

  return (
    <section aria-label={MEMORIES_TEXT.refineCard} className="flex h-full min-h-80 flex-col rounded-xl bg-slate-50 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-sm font-semibold text-slate-800">
        <Sparkles className="h-4 w-4 text-indigo-500" aria-hidden="true" />
        {MEMORIES_TEXT.refineCard}
      </h3>
      <ol aria-live="polite" className="flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {messages.length === 0 && !busy && <li className="text-sm text-slate-500">Ask the tutor to improve the cue, explain the word or reword the sentence.</li>}
        {messages.map((m, i) => (
          <li key={i} className={m.role === 'user' ? 'ml-8 rounded-lg bg-indigo-600 px-3 py-2 text-sm text-white' : 'mr-4 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200'}>
            {m.role === 'user' ? m.content : <Markdown>{m.content}</Markdown>}
          </li>
        ))}
        {busy && (
          <li className="mr-4 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
            {streaming ? <Markdown>{streaming}</Markdown> : <Spinner label="The tutor is writing" />}
          </li>
        )}
      </ol>
      {proposal && (
        <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm">
          {TAGGED_SECTIONS.filter((s) => proposal[s]).map((s) => (
            <p key={s}>
              <span className="font-semibold text-slate-700">{SECTION_LABELS[s]}: </span>
              <span className="text-slate-600">{previewText(proposal[s]!, SECTION_PREVIEW_LIMITS[s])}</span>
            </p>
          ))}
          <Button
            variant="secondary"
            disabled={applied}
            onClick={() => {
              onApply(proposal)
              setApplied(true)
            }}
          >
            {applied ? MEMORIES_TEXT.updated : MEMORIES_TEXT.applyUpdates}
          </Button>
        </div>
      )}
      <form onSubmit={(e) => void send(e)} className="flex gap-2 border-t border-slate-200 p-3">
        <label className="sr-only" htmlFor="refine-input">
          Message to the tutor
        </label>
        <input
          id="refine-input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="e.g. Make the cue shorter"
          className="min-w-0 flex-1 rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
        <Button type="submit" disabled={busy || input.trim() === ''}>
          {MEMORIES_TEXT.update}
        </Button>
      </form>
    </section>
  )
}
