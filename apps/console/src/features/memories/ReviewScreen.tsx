import { FAMILIAR, ratingFor, UNFAMILIAR, type Flashcard, type ReviewChoice } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, CheckCircle2, Pencil } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/Button'
import { Spinner } from '../../components/ui/Spinner'
import { fireWindowEvent } from '../../lib/events'
import { flashcardsQuery, memoriesKeys, reviewFlashcard } from './api'
import { EditFlashcardDialog } from './components/EditFlashcardDialog'
import { Markdown } from './components/Markdown'
import { ReviewedStrip, type ReviewedCard } from './components/ReviewedStrip'
import { SentenceAudio, type SentenceAudioHandle } from './components/SentenceAudio'
import { SourceQuote } from './components/SourceQuote'
import { cardParts, clozeParts, reviewQueue } from './deck-stats'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT, reviewCounter } from './messages'
import { useDeckAutoplay } from './review-autoplay'

/** The review screen at /memories/review?deck_id={id} (spec 001 s2, s4). */
export default function ReviewScreen() {
  const [params] = useSearchParams()
  const raw = params.get('deck_id')
  if (!raw || !/^\d+$/.test(raw)) return <Navigate to="/memories" replace />
  return <Review key={raw} deckId={Number(raw)} />
}

function Review({ deckId }: { deckId: number }) {
  const cards = useQuery(flashcardsQuery(deckId))
  const client = useQueryClient()
  // The queue is taken once, when the cards first arrive: a rated card stays
  // in the session even after the background save refetches the deck.
  const [queue, setQueue] = useState<Flashcard[]>()
  const [reviewed, setReviewed] = useState<ReviewedCard[]>([])
  const [revealed, setRevealed] = useState(false)
  const [editing, setEditing] = useState(false)
  const [autoplay, setAutoplay] = useDeckAutoplay(deckId)
  const sound = useRef<SentenceAudioHandle>(null)
  useEffect(() => {
    if (!queue && cards.data) setQueue(reviewQueue(cards.data, new Date()))
  }, [queue, cards.data])
  // The queue keeps its cards, but a clip that was still being cut when it was taken plays once it is ready.
  useEffect(() => {
    if (cards.data) setQueue((q) => q && withAudioOf(q, cards.data))
  }, [cards.data])

  const current = queue?.[reviewed.length]
  const backTo = `/memories/deck/${deckId}`

  const replace = (card: Flashcard) => {
    setQueue((q) => q?.map((c) => (c.id === card.id ? card : c)))
    setReviewed((r) => r.map((x) => (x.card.id === card.id ? { ...x, card } : x)))
  }

  const rate = (choice: ReviewChoice) => {
    if (!current) return
    setReviewed((r) => [...r, { card: current, rating: choice }])
    setRevealed(false)
    // Saved in the background (spec 001 s4): the learner never waits between cards.
    reviewFlashcard(current.id, ratingFor(choice, current.ef))
      .then((res) => {
        replace(res.updated_flashcard)
        void client.invalidateQueries({ queryKey: memoriesKeys.all })
        fireWindowEvent('flashcardChanged')
      })
      .catch((error: unknown) => console.error(failureText(MEMORIES_MSG.reviewFailed, error)))
  }

  // Keys: Space or Enter shows the answer, 1 is Unfamiliar, 2 is Familiar, R plays the sentence.
  useEffect(() => {
    if (!current || editing) return
    const onKey = (e: KeyboardEvent) => {
      const target = e.target instanceof HTMLElement ? e.target : undefined
      if (target?.closest('input, textarea, select, dialog')) return
      // R also after a click on the play button (it keeps the focus); Space and Enter there press the button itself.
      if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey) {
        sound.current?.play()
        return
      }
      if (target?.closest('button, a')) return
      if ((e.key === ' ' || e.key === 'Enter') && !revealed) {
        e.preventDefault()
        setRevealed(true)
      } else if (e.key === '1' && revealed) rate(UNFAMILIAR)
      else if (e.key === '2') rate(FAMILIAR)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const total = queue?.length ?? 0
  return (
    <section className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex items-center gap-3">
        <Link to={backTo} aria-label={MEMORIES_TEXT.back} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{MEMORIES_TEXT.review}</h1>
        {queue && (
          <p className="ml-auto text-sm tabular-nums text-slate-500" aria-live="polite" data-testid="review-counter">
            {reviewCounter(reviewed.length, total)}
          </p>
        )}
      </header>

      {cards.isError && !queue ? (
        <p role="alert" className="text-center text-red-600">
          {failureText(MEMORIES_MSG.fetchFlashcardsFailed, cards.error, 'append')}
        </p>
      ) : !queue ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="h-8 w-8" label="Loading cards" />
        </div>
      ) : (
        <>
          <ReviewedStrip items={reviewed} />
          {queue.some((c) => c.audio) && (
            <label className="flex items-center justify-end gap-2 text-sm text-slate-600">
              <input type="checkbox" checked={autoplay} onChange={(e) => setAutoplay(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
              {MEMORIES_TEXT.autoplay}
            </label>
          )}
          {!current ? (
            <div className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
              <CheckCircle2 className="mx-auto h-10 w-10 text-emerald-500" aria-hidden="true" />
              <h2 className="mt-3 text-xl font-semibold text-slate-900">{MEMORIES_TEXT.complete}</h2>
              <p className="mt-1 text-sm text-slate-500">{MEMORIES_TEXT.completeText}</p>
              <Link to={backTo} className="mt-6 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2">
                {MEMORIES_TEXT.backToDeck}
              </Link>
            </div>
          ) : (
            <CardView key={current.id} card={current} revealed={revealed} onReveal={() => setRevealed(true)} onRate={rate} onEdit={() => setEditing(true)} autoplay={autoplay} sound={sound} />
          )}
        </>
      )}
      {editing && current && <EditFlashcardDialog card={current} onClose={() => setEditing(false)} onSaved={replace} />}
    </section>
  )
}

/** The queue with each card's audio as the latest list has it; the same array when nothing changed. */
function withAudioOf(queue: Flashcard[], latest: readonly Flashcard[]): Flashcard[] {
  const audio = new Map(latest.map((c) => [c.id, c.audio]))
  let changed = false
  const next = queue.map((c) => {
    const fresh = audio.get(c.id)
    if (fresh === undefined || fresh?.status === c.audio?.status) return c
    changed = true
    return { ...c, audio: fresh }
  })
  return changed ? next : queue
}

interface CardViewProps {
  card: Flashcard
  revealed: boolean
  onReveal: () => void
  onRate: (choice: ReviewChoice) => void
  onEdit: () => void
  autoplay: boolean
  sound: React.RefObject<SentenceAudioHandle | null>
}

/**
 * One card. A standard card asks with its front (and plays its sentence on
 * demand); a listening card asks with the sentence's sound alone, a cloze
 * card with the sound and the sentence with the front word blanked. Their
 * answer shows the sentence with the word marked. Without its sound (still
 * being cut, or it could not be) a listening card asks with its front.
 */
function CardView({ card, revealed, onReveal, onRate, onEdit, autoplay, sound }: CardViewProps) {
  const { cue, title, sentence, explanation } = cardParts(card)
  const listening = card.kind !== 'standard' && card.audio?.status === 'ready'
  const audio = card.audio && <SentenceAudio ref={sound} audio={card.audio} autoplay={autoplay} large={listening && !revealed} />
  const edit = (
    <button type="button" aria-label={MEMORIES_TEXT.editFlashcard} title={MEMORIES_TEXT.editFlashcard} onClick={onEdit} className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
      <Pencil className="h-4 w-4" aria-hidden="true" />
    </button>
  )
  return (
    <article aria-label="Flashcard" data-kind={card.kind} className="space-y-5 rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-slate-200">
      {listening && !revealed ? (
        <div className="space-y-4" data-testid="listening-front">
          <div className="flex items-start justify-center gap-2">
            <p className="text-lg font-semibold text-slate-700">{card.kind === 'cloze' ? MEMORIES_TEXT.clozePrompt : MEMORIES_TEXT.listenPrompt}</p>
            {edit}
          </div>
          <div className="flex justify-center">{audio}</div>
          {card.kind === 'cloze' && sentence && (
            <p className="text-base italic leading-relaxed text-slate-700" data-testid="cloze-sentence">
              {clozeParts(sentence, card.front).map(([text, gap], i) =>
                gap ? (
                  <span key={i} className="mx-0.5 inline-block min-w-16 border-b-2 border-slate-400 not-italic" aria-label="blank">
                    &nbsp;
                  </span>
                ) : (
                  <span key={i}>{text}</span>
                ),
              )}
            </p>
          )}
        </div>
      ) : (
        <>
          <div className="flex items-center justify-center gap-2">
            <h2 className="text-3xl font-bold text-slate-900" data-testid="card-front">
              {card.front}
            </h2>
            {audio}
            {edit}
          </div>
          {title && sentence && <SourceQuote title={title} sentence={sentence} word={card.front} />}
        </>
      )}
      {revealed ? (
        <>
          <div className="border-t border-slate-100 pt-5 text-left" data-testid="card-answer">
            <Markdown>{cue}</Markdown>
            {explanation && <p className="mt-3 text-sm text-slate-500">{explanation}</p>}
          </div>
          <div className="flex justify-center gap-3">
            <Button variant="secondary" className="min-w-32" onClick={() => onRate(UNFAMILIAR)}>
              {MEMORIES_TEXT.unfamiliar}
            </Button>
            <Button className="min-w-32" onClick={() => onRate(FAMILIAR)}>
              {MEMORIES_TEXT.familiar}
            </Button>
          </div>
        </>
      ) : (
        <div className="flex justify-center gap-3">
          <Button variant="secondary" className="min-w-32" onClick={onReveal}>
            {MEMORIES_TEXT.showAnswer}
          </Button>
          <Button className="min-w-32" onClick={() => onRate(FAMILIAR)}>
            {MEMORIES_TEXT.familiar}
          </Button>
        </div>
      )}
      <p className="text-xs text-slate-400">Keys: Space shows the answer · 1 Unfamiliar · 2 Familiar{card.audio?.status === 'ready' ? ' · R plays the sentence' : ''}</p>
    </article>
  )
}
