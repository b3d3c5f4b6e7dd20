import { flashcardSuggestionsIn, formatCardBack, type Article, type CardKind, type FlashcardSuggestion, type Segment, type SectionValues } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { Dialog } from '../../components/ui/Dialog'
import { SegmentedControl } from '../../components/ui/SegmentedControl'
import { decksQuery, useCreateDeck, useCreateFlashcard } from './api'
import { CARD_WINDOW_TEXT, cueFor, fillFromProposal, FIRST_DECK_NAME, missingParts, playerDeckId, readPlayerDeck, rememberPlayerDeck } from './card-from-sentence'
import { applySections } from './card-updates'
import { DialogButtons } from './components/DialogButtons'
import { RefineChat } from './components/RefineChat'
import { Select } from './components/Select'
import { TextArea } from './components/TextArea'
import { CARD_KIND_HELP, CARD_KIND_OPTIONS, failureText, MEMORIES_MSG, MEMORIES_TEXT } from './messages'
import { pickableWords, segmentContext } from './segment-context'
import { selectDeck, useStoredDeckId } from './selected-deck'
import { useLookupCue } from './use-lookup-cue'

interface Props {
  article: Pick<Article, 'HashID' | 'Title'>
  segments: readonly Segment[]
  segment: Segment
  /** The front the learner chose (a tutor suggestion's, or the word they clicked or looked up in the player). */
  initialFront?: string
  initialCue?: string
  /**
   * Sends the flashcard request for this segment (spec 000 s3: the segment,
   * flagged) and resolves with the tutor's answer; the window fills its front
   * and cue from it. Absent when the card is already proposed (a suggestion).
   */
  askTutor?: (signal: AbortSignal) => Promise<string>
  onClose: () => void
  onCreated: () => void
}

type Proposal = { state: 'asking' } | { state: 'answered'; cards: FlashcardSuggestion[] } | { state: 'failed' }

/**
 * The flashcard-creation modal opened from the player (spec 001 s2): an
 * editable front, the memorize cue, a raw-context toggle, a deck selector and
 * the Refine Card chat. Create waits for the decks, a chosen deck and an idle
 * tutor. The back is the context block of the segment, then the cue.
 * A segment with timed words also gives the card its sentence's audio, and
 * lets the learner make it a listening card (docs/memories.md, Cards that speak). Opened on a sentence,
 * it asks the tutor for the card and fills in its front and meaning; with no
 * deck yet, one is made in place, so one step leads from a sentence to a card.
 */
export default function CreateFlashcardModal({ article, segments, segment, initialFront = '', initialCue = '', askTutor, onClose, onCreated }: Props) {
  const decks = useQuery(decksQuery())
  const storedId = useStoredDeckId()
  const [playerDeck] = useState(() => readPlayerDeck())
  const [chosen, setChosen] = useState<number>()
  const deckId = chosen ?? (decks.data ? playerDeckId(decks.data, playerDeck, storedId) : undefined)
  const [context, setContext] = useState(() => segmentContext(article, segments, segment))
  const [front, setFront] = useState(initialFront)
  const [cue, setCue] = useState(initialCue)
  const [raw, setRaw] = useState(false)
  const [aiBusy, setAiBusy] = useState(false)
  const [kind, setKind] = useState<CardKind>('standard')
  const [proposal, setProposal] = useState<Proposal>()
  // What the learner changed themselves: the tutor's answer never overwrites it.
  const touched = useRef({ front: false, cue: initialCue !== '' })
  const fields = useRef({ front, cue })
  fields.current = { front, cue }
  // The front picked in the player (else the tutor's) takes the meaning the lookup shows for it in this sentence,
  // over the tutor's card: the popover's sense, in the learner's language first, never another word's.
  const [meaningFront, setMeaningFront] = useState(initialCue ? undefined : initialFront.trim() || undefined)
  const lookupCue = useLookupCue(meaningFront, segment.text.trim())
  const fromLookup = useRef({ front: meaningFront, cue: lookupCue })
  fromLookup.current = { front: meaningFront, cue: lookupCue }
  useEffect(() => {
    if (lookupCue === undefined || touched.current.cue || fields.current.front.trim() !== meaningFront) return
    setCue(lookupCue)
  }, [lookupCue, meaningFront])
  // Only timed words can be cut from the media; a card from an untimed segment has no sound.
  const speaks = segment.word_timestamps.length > 0
  const create = useCreateFlashcard({
    onSuccess: () => {
      if (deckId !== undefined) {
        selectDeck(deckId)
        rememberPlayerDeck(deckId)
      }
      onCreated()
    },
  })

  // The flagged request, once per window; closing the window stops it.
  const ask = useRef(askTutor)
  useEffect(() => {
    const send = ask.current
    if (!send) return
    const controller = new AbortController()
    setProposal({ state: 'asking' })
    send(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return
        const cards = flashcardSuggestionsIn(answer)
        setProposal({ state: 'answered', cards })
        const next = fillFromProposal(fields.current, cards, touched.current, initialFront || undefined)
        setFront(next.front)
        const looked = fromLookup.current
        setCue(!touched.current.cue && looked.cue !== undefined && looked.front === next.front.trim() ? looked.cue : next.cue)
        if (!initialFront && !touched.current.front) setMeaningFront(next.front.trim() || undefined)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.error('The tutor did not propose a card', error)
        setProposal({ state: 'failed' })
      },
    )
    return () => controller.abort()
  }, [initialFront])

  const cards = proposal?.state === 'answered' ? proposal.cards : []
  /** A word of the sentence (or a tutor suggestion) as the front: its meaning comes along unless the learner wrote their own cue. */
  const pickFront = (word: string, suggested?: FlashcardSuggestion) => {
    touched.current.front = true
    setFront(word)
    if (suggested) {
      touched.current.cue = false
      setCue(suggested.back)
    } else if (!touched.current.cue) {
      setCue(cueFor(word, cards) ?? '')
    }
  }
  const editCue = (value: string) => {
    touched.current.cue = true
    setCue(value)
  }

  const back = formatCardBack({ context, cue })
  const canCreate = !decks.isPending && deckId !== undefined && !aiBusy && front.trim() !== '' && cue.trim() !== ''
  const missing = decks.isPending ? [] : missingParts({ front, cue }, deckId !== undefined)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!canCreate || deckId === undefined) return
    // Spec 001 s8: a failure here is only logged; the modal stays open so nothing typed is lost.
    const source = speaks ? { kind, source: { article_id: article.HashID, start_ms: Math.floor(segment.start), end_ms: Math.ceil(segment.end) } } : {}
    create.mutate({ deck_id: deckId, front: front.trim(), back, ...source }, { onError: (error) => console.error(failureText(MEMORIES_MSG.createFlashcardFailed, error)) })
  }
  const apply = (s: SectionValues) => {
    touched.current.cue = true
    const next = applySections(context, cue, s)
    setContext(next.context ?? context)
    setCue(next.cue)
  }
  const tutorSays =
    proposal?.state === 'asking'
      ? CARD_WINDOW_TEXT.proposing
      : proposal?.state === 'failed'
        ? CARD_WINDOW_TEXT.proposalFailed
        : proposal?.state === 'answered' && front.trim() !== '' && cue.trim() === '' && !touched.current.cue
          ? CARD_WINDOW_TEXT.noCueFor(front.trim())
          : proposal?.state === 'answered' && cards.length === 0 && front.trim() === ''
            ? CARD_WINDOW_TEXT.noProposal
            : undefined

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
                <button key={i} type="button" onClick={() => pickFront(w)} className="rounded px-0.5 hover:bg-indigo-50 hover:text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                  {w}
                </button>
              ))}
            </p>
            <p className="mt-1 text-xs text-slate-400">Click a word to use it as the front.</p>
          </div>
          {tutorSays && (
            <p role="status" data-testid="card-proposal" className="flex items-center gap-2 text-sm text-slate-600">
              {proposal?.state === 'asking' && <span className="h-2 w-2 animate-pulse rounded-full bg-indigo-500 motion-reduce:animate-none" aria-hidden="true" />}
              {tutorSays}
            </p>
          )}
          {cards.length > 1 && (
            <div className="flex flex-wrap items-center gap-1.5 text-xs text-slate-500" aria-label={CARD_WINDOW_TEXT.suggestions} role="group">
              <span>{CARD_WINDOW_TEXT.suggestions}</span>
              {cards.map((card) => (
                <button
                  key={card.front}
                  type="button"
                  aria-pressed={card.front.trim().toLowerCase() === front.trim().toLowerCase()}
                  onClick={() => pickFront(card.front, card)}
                  className="rounded-full px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-pressed:bg-indigo-600 aria-pressed:text-white"
                >
                  {card.front}
                </button>
              ))}
            </div>
          )}
          <div className="space-y-1.5">
            <label htmlFor="new-card-front" className="block text-sm font-medium text-slate-700">
              Front
            </label>
            <input
              id="new-card-front"
              data-autofocus
              value={front}
              onChange={(e) => {
                touched.current.front = true
                setFront(e.target.value)
              }}
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
          <TextArea label={MEMORIES_TEXT.memorizeCue} value={cue} onChange={(e) => editCue(e.target.value)} required rows={5} />
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
            Show raw context
          </label>
          {raw && (
            <pre data-testid="raw-context" className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-xs text-slate-700 ring-1 ring-slate-200">
              {back}
            </pre>
          )}
          <DeckChoice decks={decks.data} pending={decks.isPending} deckId={deckId} onChoose={setChosen} />
          {decks.isError && <p className="text-sm text-red-600">{failureText(MEMORIES_MSG.fetchDecksFailed, decks.error, 'append')}</p>}
          {missing.length > 0 && (
            <p data-testid="card-missing" className="text-sm text-amber-700">
              {CARD_WINDOW_TEXT.stillNeeded(missing)}
            </p>
          )}
        </form>
        <RefineChat articleId={article.HashID} front={front} context={context} cue={cue} onApply={apply} onBusyChange={setAiBusy} />
      </div>
    </Dialog>
  )
}

/**
 * The deck selector, or, with no deck yet (or on New deck), a deck made in
 * place: the name starts as "My words", Create deck makes it and chooses it.
 */
function DeckChoice({ decks, pending, deckId, onChoose }: { decks: ReadonlyArray<{ id: number; name: string }> | undefined; pending: boolean; deckId: number | undefined; onChoose: (id: number) => void }) {
  const [adding, setAdding] = useState(false)
  const [name, setName] = useState(FIRST_DECK_NAME)
  const create = useCreateDeck({
    onSuccess: (deck) => {
      onChoose(deck.id)
      setAdding(false)
    },
  })
  const none = decks?.length === 0
  const make = () => {
    if (name.trim() && !create.isPending) create.mutate({ name: name.trim(), scheduler: 'fsrs' })
  }
  // Enter in the name makes the deck; it must not submit the card's form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    e.preventDefault()
    make()
  }

  if (!pending && (none || adding)) {
    return (
      <div className="space-y-1.5 rounded-lg bg-slate-50 p-3 ring-1 ring-inset ring-slate-200" data-testid="deck-in-place">
        {none && <p className="text-sm font-medium text-slate-700">{CARD_WINDOW_TEXT.noDecks}</p>}
        <label htmlFor="new-deck-name" className="block text-sm font-medium text-slate-700">
          {CARD_WINDOW_TEXT.newDeckName}
        </label>
        <div className="flex gap-2">
          <input
            id="new-deck-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={onKeyDown}
            maxLength={200}
            className="block min-w-0 flex-1 rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
          <button
            type="button"
            onClick={make}
            disabled={!name.trim() || create.isPending}
            className="shrink-0 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-indigo-700 shadow-sm ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {CARD_WINDOW_TEXT.createDeck}
          </button>
        </div>
        {!none && (
          <button type="button" onClick={() => setAdding(false)} className="text-xs font-medium text-slate-500 hover:text-slate-800">
            {CARD_WINDOW_TEXT.cancelNewDeck}
          </button>
        )}
        {create.isError && (
          <p role="alert" className="text-sm text-red-600">
            {failureText(MEMORIES_MSG.createDeckFailed, create.error, 'append')}
          </p>
        )}
      </div>
    )
  }
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Select label="Deck" value={deckId ?? ''} disabled={pending || !decks?.length} onChange={(e) => onChoose(Number(e.target.value))}>
          {pending && <option value="">Loading decks...</option>}
          {decks?.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </Select>
      </div>
      {!pending && (
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="shrink-0 rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {CARD_WINDOW_TEXT.newDeck}
        </button>
      )}
    </div>
  )
}
