import { formatCardBack, type Article, type CardKind, type Segment, type SectionValues } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../components/ui/Dialog'
import { SegmentedControl } from '../../components/ui/SegmentedControl'
import { decksQuery, useCreateFlashcard } from './api'
import { applySections } from './card-updates'
import { DialogButtons } from './components/DialogButtons'
import { RefineChat } from './components/RefineChat'
import { Select } from './components/Select'
import { TextArea } from './components/TextArea'
import { CARD_KIND_HELP, CARD_KIND_OPTIONS, failureText, MEMORIES_MSG, MEMORIES_TEXT } from './messages'
import { pickableWords, segmentContext } from './segment-context'
import { pickDeckId, selectDeck, useStoredDeckId } from './selected-deck'

interface Props {
  article: Pick<Article, 'HashID' | 'Title'>
  segments: readonly Segment[]
  segment: Segment
  /** Filled in when the tutor suggested the card. */
  initialFront?: string
  initialCue?: string
  onClose: () => void
  onCreated: () => void
}

/**
 * The flashcard-creation modal opened from the player (spec 001 s2): an
 * editable front, the memorize cue, a raw-context toggle, a deck selector and
 * the Refine Card chat. Create waits for the decks, a chosen deck and an idle
 * tutor. The back is the context block of the segment, then the cue.
 * A segment with timed words also gives the card its sentence's audio, and
 * lets the learner make it a listening card (issue 16).
 */
export default function CreateFlashcardModal({ article, segments, segment, initialFront = '', initialCue = '', onClose, onCreated }: Props) {
  const decks = useQuery(decksQuery())
  const storedId = useStoredDeckId()
  const [chosen, setChosen] = useState<number>()
  const deckId = chosen ?? (decks.data ? pickDeckId(decks.data, undefined, storedId) : undefined)
  const [context, setContext] = useState(() => segmentContext(article, segments, segment))
  const [front, setFront] = useState(initialFront)
  const [cue, setCue] = useState(initialCue)
  const [raw, setRaw] = useState(false)
  const [aiBusy, setAiBusy] = useState(false)
  const [kind, setKind] = useState<CardKind>('standard')
  // Only timed words can be cut from the media; a card from an untimed segment has no sound.
  const speaks = segment.word_timestamps.length > 0
  const create = useCreateFlashcard({
    onSuccess: () => {
      if (deckId !== undefined) selectDeck(deckId)
      onCreated()
    },
  })

  const back = formatCardBack({ context, cue })
  const canCreate = !decks.isPending && deckId !== undefined && !aiBusy && front.trim() !== '' && cue.trim() !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!canCreate || deckId === undefined) return
    // Spec 001 s8: a failure here is only logged; the modal stays open so nothing typed is lost.
    const source = speaks ? { kind, source: { article_id: article.HashID, start_ms: Math.floor(segment.start), end_ms: Math.ceil(segment.end) } } : {}
    create.mutate({ deck_id: deckId, front: front.trim(), back, ...source }, { onError: (error) => console.error(failureText(MEMORIES_MSG.createFlashcardFailed, error)) })
  }
  const apply = (s: SectionValues) => {
    const next = applySections(context, cue, s)
    setContext(next.context ?? context)
    setCue(next.cue)
  }

  return (
    <Dialog
      title="Create Flashcard"
      onClose={onClose}
      busy={create.isPending}
      size="wide"
      footer={<DialogButtons onCancel={onClose} form="create-from-segment" submitLabel={MEMORIES_TEXT.create} busy={create.isPending} disabled={!canCreate} />}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <form id="create-from-segment" onSubmit={submit} className="space-y-4">
          <div>
            <p className="text-xs font-medium text-slate-500">From: {article.Title}</p>
            <p className="mt-1 flex flex-wrap gap-x-1 text-sm leading-relaxed text-slate-700" aria-label="Pick the front from the sentence">
              {pickableWords(context.Sentence ?? '').map((w, i) => (
                <button key={i} type="button" onClick={() => setFront(w)} className="rounded px-0.5 hover:bg-indigo-50 hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                  {w}
                </button>
              ))}
            </p>
            <p className="mt-1 text-xs text-slate-400">Click a word to use it as the front.</p>
          </div>
          <div className="space-y-1.5">
            <label htmlFor="new-card-front" className="block text-sm font-medium text-slate-700">
              Front
            </label>
            <input
              id="new-card-front"
              data-autofocus
              value={front}
              onChange={(e) => setFront(e.target.value)}
              required
              maxLength={1000}
              className="block w-full rounded-lg border-0 px-3 py-2 text-lg font-semibold ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
            />
          </div>
          {speaks && (
            <div className="space-y-1.5">
              <span id="new-card-kind" className="block text-sm font-medium text-slate-700">
                {MEMORIES_TEXT.cardType}
              </span>
              <SegmentedControl label={MEMORIES_TEXT.cardType} options={CARD_KIND_OPTIONS} value={kind} onChange={setKind} />
              <p className="text-xs text-slate-500" data-testid="card-kind-help">
                {CARD_KIND_HELP[kind]}
              </p>
            </div>
          )}
          <TextArea label={MEMORIES_TEXT.memorizeCue} value={cue} onChange={(e) => setCue(e.target.value)} required rows={5} />
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
            Show raw context
          </label>
          {raw && (
            <pre data-testid="raw-context" className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-700 ring-1 ring-slate-200">
              {back}
            </pre>
          )}
          <Select label="Deck" value={deckId ?? ''} disabled={decks.isPending || !decks.data?.length} onChange={(e) => setChosen(Number(e.target.value))}>
            {decks.isPending && <option value="">Loading decks...</option>}
            {decks.data?.length === 0 && <option value="">No decks yet: create one under Memories</option>}
            {decks.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </Select>
          {decks.isError && <p className="text-sm text-red-600">{failureText(MEMORIES_MSG.fetchDecksFailed, decks.error, 'append')}</p>}
        </form>
        <RefineChat articleId={article.HashID} front={front} context={context} cue={cue} onApply={apply} onBusyChange={setAiBusy} />
      </div>
    </Dialog>
  )
}
