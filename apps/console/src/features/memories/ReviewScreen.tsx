import { ANSWER_TIME_MAX_MS, FAMILIAR, formatInterval, LEARN_AHEAD_MS, ratingFor, REVIEW_RATINGS, UNFAMILIAR, type AnswerButtons, type Flashcard, type ReviewChoice, type ReviewRating } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ArrowLeft, CircleCheck, Pencil } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useSearchParams } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { preloadMarkdownFor } from '../../components/ui/LazyMarkdown'
import { Spinner } from '../../components/ui/Spinner'
import { fireWindowEvent } from '../../lib/events'
import { useOnline } from '../../lib/online'
import { ApiError } from '../../api/client'
import { useAuth } from '../../lib/auth-context'
import { decksQuery, flashcardsQuery, intervalsQuery, memoriesKeys } from './api'
import { EditFlashcardDialog } from './components/EditFlashcardDialog'
import { Markdown } from './components/Markdown'
import { ReviewedStrip } from './components/ReviewedStrip'
import { SentenceAudio, type SentenceAudioHandle } from './components/SentenceAudio'
import { SourceQuote } from './components/SourceQuote'
import { cardParts, clozeParts } from './deck-stats'
import { failureText, learningText, MEMORIES_MSG, MEMORIES_TEXT, OFFLINE_REVIEW_TEXT, reviewCounter } from './messages'
import { keepDeck, keptDeckQuery } from './offline-deck'
import { saveReview, waitingReviewsQuery } from './offline-review'
import { answer, currentCard, learningCount, replaceCard, settle, startSession, type ReviewSession } from './review-session'
import { useDeckAutoplay } from './review-autoplay'
import { earlyFrameShownAt, replayEarlyKeys } from '../../lib/early-keys'

/** The review screen at /memories/review?deck_id={id} (spec 001 s2, s4). */
export default function ReviewScreen() {
  const [params] = useSearchParams()
  const raw = params.get('deck_id')
  if (!raw || !/^\d+$/.test(raw)) return <Navigate to="/memories" replace />
  return <Review key={raw} deckId={Number(raw)} />
}

/** Where an Again sends a card before the save says (schedule.ts): a 10-minute step on two buttons, Anki's 1 minute on four. */
const AGAIN_STEP_MS: Record<AnswerButtons, number> = { 2: 10 * 60_000, 4: 60_000 }

function Review({ deckId }: { deckId: number }) {
  const cards = useQuery(flashcardsQuery(deckId))
  const decks = useQuery(decksQuery())
  const online = useOnline()
  const owner = useAuth().account ?? ''
  const noServer = !online || (cards.error instanceof ApiError && cards.error.status === 0)
  // Offline (docs/offline.md, Reviews offline): the deck's due cards as kept on this device when its review last loaded online (read only when needed: it reads every kept clip).
  const kept = useQuery({ ...keptDeckQuery(owner, deckId), enabled: owner !== '' && noServer && !cards.data })
  const waiting = useQuery({ ...waitingReviewsQuery(owner, deckId), enabled: owner !== '' })
  const keptCards = noServer && !cards.data && kept.data ? withoutAnswered(kept.data.cards, waiting.data ?? [], kept.data.keptAt) : undefined
  const source = cards.data ?? keptCards
  const buttons: AnswerButtons = decks.data?.find((d) => d.id === deckId)?.answer_buttons ?? kept.data?.answerButtons ?? 2
  const client = useQueryClient()
  // The session is taken once, when the cards first arrive: a rated card stays
  // in it even after the background save refetches the deck; cards answered
  // into a learning step come back in it (review-session.ts).
  // Taken in the first render when the cards are already there (the page came with them, decision 0021), so that render shows the card.
  const [session, setSession] = useState<ReviewSession | undefined>(() => source && startSession(source, new Date()))
  // The card on screen stays there until it is answered, whatever comes due meanwhile.
  const [shownId, setShownId] = useState<number | undefined>(() => session && currentCard(session, Date.now())?.id)
  const [revealed, setRevealed] = useState(false)
  const [editing, setEditing] = useState(false)
  const [autoplay, setAutoplay] = useDeckAutoplay(deckId)
  const sound = useRef<SentenceAudioHandle>(null)
  const shownAt = useRef({ key: '', at: 0 })
  useEffect(() => {
    if (session || !source) return
    const started = startSession(source, new Date())
    setSession(started)
    setShownId(currentCard(started, Date.now())?.id)
  }, [session, source])
  // Each load online keeps the deck's due cards (and their clips) for a review with no network.
  const deckButtons = decks.data?.find((d) => d.id === deckId)?.answer_buttons
  useEffect(() => {
    if (!owner || !cards.data || deckButtons === undefined) return
    keepDeck(owner, deckId, deckButtons, cards.data)
      .then(() => client.invalidateQueries({ queryKey: keptDeckQuery(owner, deckId).queryKey }))
      .catch((error: unknown) => console.error('The deck could not be kept for offline review:', error))
  }, [owner, deckId, deckButtons, cards.data, client])
  // The session keeps its cards, but a clip that was still being cut when it was taken plays once it is ready.
  useEffect(() => {
    if (cards.data) setSession((s) => s && withAudioOf(s, cards.data))
  }, [cards.data])

  const current = session?.queue.find((e) => e.card.id === shownId)?.card
  // Nothing on screen (the start, or a save brought a card back after the last one): show the next card due.
  useEffect(() => {
    if (!session || current) return
    const next = currentCard(session, Date.now())
    if (next) setShownId(next.id)
  }, [session, current])
  const turn = current ? `${current.id}-${session!.answerCount[current.id] ?? 0}` : ''
  // The answer time runs from the moment the card is shown: the first card, from the page's first frame that showed it.
  useEffect(() => {
    if (turn) shownAt.current = { key: turn, at: earlyFrameShownAt() ?? performance.now() }
  }, [turn])

  // A card's answer is markdown: its code comes now, before the first Show Answer, not with the screen;
  // not at all when no answer of the session has any (plain text is shown without it).
  useEffect(() => preloadMarkdownFor(source?.map((card) => cardParts(card).cue) ?? []), [source])

  const intervals = useQuery({ ...intervalsQuery(current ?? { id: 0, last_reviewed: null }), enabled: buttons === 4 && current !== undefined })
  const backTo = `/memories/deck/${deckId}`

  /** When the answer brings the card back, as far as the screen knows before the save answers. */
  const returnsAt = (rating: ReviewRating, now: number) => {
    if (buttons === 4 && intervals.data) {
      const ms = intervals.data[rating] * 1000
      return ms <= LEARN_AHEAD_MS ? now + ms : undefined
    }
    return rating === 'Again' ? now + AGAIN_STEP_MS[buttons] : undefined
  }

  const rate = (rating: ReviewRating) => {
    if (!current || !session) return
    const now = Date.now()
    const timeMs = shownAt.current.key === turn ? Math.min(ANSWER_TIME_MAX_MS, Math.max(0, Math.round(performance.now() - shownAt.current.at))) : undefined
    const next = answer(session, current, rating, returnsAt(rating, now))
    const nth = next.answerCount[current.id]!
    setSession(next)
    setShownId(currentCard(next, now)?.id)
    setRevealed(false)
    // Saved in the background (spec 001 s4): the learner never waits between cards. Offline it waits in the outbox (decision 0015).
    saveReview(owner, { flashcard_id: current.id, deck_id: deckId, rating, ...(timeMs === undefined ? {} : { time_ms: timeMs }) }, navigator.onLine)
      .then((saved) => {
        if (saved.queued) return
        setSession((s) => s && settle(s, saved.card, nth, Date.now()))
        void client.invalidateQueries({ queryKey: memoriesKeys.all })
        fireWindowEvent('flashcardChanged')
      })
      .catch((error: unknown) => console.error(failureText(MEMORIES_MSG.reviewFailed, error)))
  }
  const choose = (choice: ReviewChoice) => current && rate(ratingFor(choice, current.ef))
  const replace = (card: Flashcard) => setSession((s) => s && replaceCard(s, card))

  // Keys: Space or Enter shows the answer; 1 is Unfamiliar and 2 Familiar (four buttons: 1-4 are Again, Hard, Good, Easy); R plays the sentence.
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
      } else if (buttons === 4) {
        const rating = revealed ? REVIEW_RATINGS[Number(e.key) - 1] : undefined
        if (rating) rate(rating)
      } else if (e.key === '1' && revealed) choose(UNFAMILIAR)
      else if (e.key === '2') choose(FAMILIAR)
    }
    window.addEventListener('keydown', onKey)
    // A Space pressed on the page's first frame (it says "Space shows the answer") counts now.
    replayEarlyKeys()
    return () => window.removeEventListener('keydown', onKey)
  })

  return (
    <section className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-6 lg:py-8">
      <header className="flex items-center gap-3">
        <Link to={backTo} aria-label={MEMORIES_TEXT.back} className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{MEMORIES_TEXT.review}</h1>
        {session && (
          <p className="ml-auto text-right text-sm tabular-nums text-slate-500" aria-live="polite" data-testid="review-counter">
            {/* The spec's counter, then the cards in a step; each part kept on one line on a phone. */}
            <span className="whitespace-nowrap">{reviewCounter(session.reviewed.length, session.total)}</span>
            {learningCount(session) > 0 && <span className="whitespace-nowrap">{learningText(learningCount(session))}</span>}
          </p>
        )}
      </header>

      {(!online || (waiting.data?.length ?? 0) > 0) && (
        <p role="status" data-testid="offline-reviews" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {!online && OFFLINE_REVIEW_TEXT.offline}{' '}
          {(waiting.data?.length ?? 0) > 0 && (online ? OFFLINE_REVIEW_TEXT.sending(waiting.data!.length) : OFFLINE_REVIEW_TEXT.waiting(waiting.data!.length))}
        </p>
      )}
      {noServer && !session && kept.isFetched && !kept.data ? (
        <p role="alert" className="text-center text-slate-600">
          {OFFLINE_REVIEW_TEXT.notKept}
        </p>
      ) : cards.isError && !session && !keptCards ? (
        <p role="alert" className="text-center text-red-600">
          {failureText(MEMORIES_MSG.fetchFlashcardsFailed, cards.error, 'append')}
        </p>
      ) : !session ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="h-8 w-8" label="Loading cards" />
        </div>
      ) : (
        <>
          <ReviewedStrip items={session.answers} buttons={buttons} />
          {session.queue.some((e) => e.card.audio) && (
            <label className="flex items-center justify-end gap-2 text-sm text-slate-600">
              <input type="checkbox" checked={autoplay} onChange={(e) => setAutoplay(e.target.checked)} className="h-4 w-4 rounded border-slate-300 text-indigo-600" />
              {MEMORIES_TEXT.autoplay}
            </label>
          )}
          {!current ? (
            <div className="rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-slate-200">
              <CircleCheck className="mx-auto h-10 w-10 text-emerald-500" aria-hidden="true" />
              <h2 className="mt-3 text-xl font-semibold text-slate-900">{MEMORIES_TEXT.complete}</h2>
              <p className="mt-1 text-sm text-slate-500">{MEMORIES_TEXT.completeText}</p>
              <Link to={backTo} className="mt-6 inline-flex rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2">
                {MEMORIES_TEXT.backToDeck}
              </Link>
            </div>
          ) : (
            <CardView
              key={turn}
              card={current}
              revealed={revealed}
              onReveal={() => setRevealed(true)}
              answers={
                buttons === 4 ? (
                  <FourButtons intervals={intervals.data} onRate={rate} />
                ) : (
                  <TwoButtons revealed={revealed} onReveal={() => setRevealed(true)} onChoose={choose} />
                )
              }
              four={buttons === 4}
              keys={buttons === 4 ? 'Keys: Space shows the answer · 1 Again · 2 Hard · 3 Good · 4 Easy' : 'Keys: Space shows the answer · 1 Unfamiliar · 2 Familiar'}
              onEdit={() => setEditing(true)}
              autoplay={autoplay}
              sound={sound}
            />
          )}
        </>
      )}
      {editing && current && <EditFlashcardDialog card={current} onClose={() => setEditing(false)} onSaved={replace} />}
    </section>
  )
}

/** The spec's buttons: Show Answer and Familiar before the answer, Unfamiliar and Familiar after it. */
function TwoButtons({ revealed, onReveal, onChoose }: { revealed: boolean; onReveal: () => void; onChoose: (choice: ReviewChoice) => void }) {
  return (
    <div className="flex justify-center gap-3">
      {revealed ? (
        <Button variant="secondary" className="min-w-32" onClick={() => onChoose(UNFAMILIAR)}>
          {MEMORIES_TEXT.unfamiliar}
        </Button>
      ) : (
        <Button variant="secondary" className="min-w-32" onClick={onReveal}>
          {MEMORIES_TEXT.showAnswer}
        </Button>
      )}
      <Button className="min-w-32" onClick={() => onChoose(FAMILIAR)}>
        {MEMORIES_TEXT.familiar}
      </Button>
    </div>
  )
}

const FOUR_STYLE: Record<ReviewRating, string> = {
  Again: 'bg-red-50 text-red-800 ring-red-200 hover:bg-red-100',
  Hard: 'bg-amber-50 text-amber-900 ring-amber-200 hover:bg-amber-100',
  Good: 'bg-emerald-50 text-emerald-900 ring-emerald-200 hover:bg-emerald-100',
  Easy: 'bg-sky-50 text-sky-900 ring-sky-200 hover:bg-sky-100',
}

/** Anki's four answers (a deck setting), each with the interval it gives under it, shown once the answer is. */
function FourButtons({ intervals, onRate }: { intervals: Record<ReviewRating, number> | undefined; onRate: (rating: ReviewRating) => void }) {
  return (
    <div className="grid grid-cols-4 gap-2" data-testid="four-buttons">
      {REVIEW_RATINGS.map((rating) => {
        const next = intervals ? formatInterval(intervals[rating]) : '…'
        return (
          <button
            key={rating}
            type="button"
            aria-label={`${rating}, next in ${next}`}
            onClick={() => onRate(rating)}
            className={`flex flex-col items-center rounded-lg px-2 py-2 text-sm font-semibold ring-1 ring-inset transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${FOUR_STYLE[rating]}`}
          >
            <span>{rating}</span>
            <span className="text-xs font-normal tabular-nums opacity-80" data-testid={`interval-${rating}`}>
              {next}
            </span>
          </button>
        )
      })}
    </div>
  )
}

/** Kept cards without those answered offline since they were kept: those answers wait to be sent, and the cards are not due again. */
function withoutAnswered(cards: readonly Flashcard[], waiting: ReadonlyArray<{ madeAt: number; payload: { flashcard_id: number } }>, keptAt: number): Flashcard[] {
  const answered = new Set(waiting.filter((e) => e.madeAt >= keptAt).map((e) => e.payload.flashcard_id))
  return cards.filter((c) => !answered.has(c.id))
}

/** The session with each card's audio as the latest list has it; the same session when nothing changed. */
function withAudioOf(session: ReviewSession, latest: readonly Flashcard[]): ReviewSession {
  const audio = new Map(latest.map((c) => [c.id, c.audio]))
  let next = session
  for (const { card } of session.queue) {
    const fresh = audio.get(card.id)
    if (fresh === undefined || fresh?.status === card.audio?.status) continue
    next = replaceCard(next, { ...card, audio: fresh })
  }
  return next
}

interface CardViewProps {
  card: Flashcard
  revealed: boolean
  onReveal: () => void
  /** The answer buttons: the spec's two (which also stand before the answer), or Anki's four (a deck setting; after Show Answer). */
  answers: React.ReactNode
  four: boolean
  /** The keyboard hint line; not shown on touch screens, which have no keyboard to use it with. */
  keys: string
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
function CardView({ card, revealed, onReveal, answers, four, keys, onEdit, autoplay, sound }: CardViewProps) {
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
      {revealed && (
        <div className="border-t border-slate-100 pt-5 text-left" data-testid="card-answer">
          <Markdown>{cue}</Markdown>
          {explanation && <p className="mt-3 text-sm text-slate-500">{explanation}</p>}
        </div>
      )}
      {revealed || !four ? (
        answers
      ) : (
        <div className="flex justify-center">
          <Button variant="secondary" className="min-w-32" onClick={onReveal}>
            {MEMORIES_TEXT.showAnswer}
          </Button>
        </div>
      )}
      <p data-testid="review-keys" className="text-xs text-slate-400 pointer-coarse:hidden">
        {keys}
        {card.audio?.status === 'ready' ? ' · R plays the sentence' : ''}
      </p>
    </article>
  )
}
