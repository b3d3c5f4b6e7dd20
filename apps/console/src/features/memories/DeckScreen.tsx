import type { Deck, Flashcard } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { ChartColumn, BookA, GraduationCap, Plus, Send } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from '../../lib/routing/navigation'
import { Button } from '../../components/ui/Button'
import { preloadMarkdownFor } from '../../components/ui/LazyMarkdown'
import { Spinner } from '../../components/ui/Spinner'
import { AnkiSendStatus } from './anki/AnkiSendStatus'
import { ANKI_TEXT } from './anki/anki-messages'
import { useSendToAnki } from './anki/useSendToAnki'
import { decksQuery, flashcardsQuery, useDeleteFlashcard } from './api'
import { AnswerButtonsSetting } from './components/AnswerButtonsSetting'
import { ContentViewer } from './components/ContentViewer'
import { CreateCardDialog } from './components/CreateCardDialog'
import { CreateDeckDialog } from './components/CreateDeckDialog'
import { DeckTransfer } from './components/DeckTransfer'
import { EditFlashcardDialog } from './components/EditFlashcardDialog'
import { FlashcardTable } from './components/FlashcardTable'
import { Select } from './components/Select'
import { StatTiles } from './components/StatTiles'
import { deckStats } from './deck-stats'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT } from './messages'
import { pickDeckId, selectDeck, useStoredDeckId } from './selected-deck'

type Open = { kind: 'deck' } | { kind: 'card' } | { kind: 'view'; card: Flashcard } | { kind: 'edit'; card: Flashcard } | undefined

function ScreenError({ message }: { message: string }) {
  return (
    <p role="alert" className="mx-auto max-w-5xl px-4 py-10 text-center text-red-600">
      {message}
    </p>
  )
}

/** The deck screen at /memories/deck[/{deckId}] (spec 001 s2). */
export default function DeckScreen() {
  const params = useParams()
  const routeId = params.deckId !== undefined && /^\d+$/.test(params.deckId) ? Number(params.deckId) : params.deckId === undefined ? undefined : -1
  const decks = useQuery(decksQuery())
  const storedId = useStoredDeckId(routeId === undefined)
  const deckId = decks.data ? pickDeckId(decks.data, routeId, storedId) : undefined
  const deck = decks.data?.find((d) => d.id === deckId)

  useEffect(() => {
    if (deck) selectDeck(deck.id)
  }, [deck])

  if (decks.isPending)
    return (
      // The heading stays where the deck view puts it, so the screen does not move when the decks come.
      <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Memories</h1>
        <Spinner className="mx-auto my-16 h-8 w-8 text-indigo-600" label="Loading decks" />
      </section>
    )
  if (decks.isError) return <ScreenError message={failureText(MEMORIES_MSG.fetchDecksFailed, decks.error, 'append')} />
  if (deckId !== undefined && !deck) return <ScreenError message={MEMORIES_MSG.deckNotFound} />
  return <DeckView decks={decks.data} deck={deck} />
}

function DeckView({ decks, deck }: { decks: Deck[]; deck: Deck | undefined }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState<Open>()
  const [error, setError] = useState<string>()
  const cards = useQuery({ ...flashcardsQuery(deck?.id ?? 0), enabled: deck !== undefined })
  // A card's content opens as markdown (ContentViewer): its code comes once the deck has rendered, if a
  // card's content has any markdown (plain text is shown without it).
  useEffect(() => preloadMarkdownFor(cards.data?.map((card) => card.back) ?? []), [cards.data])
  // flashcardChanged reloads the cards through the shell's listener (Shell.tsx), as for every screen.
  const anki = useSendToAnki()
  const remove = useDeleteFlashcard({ onError: (e) => setError(failureText(MEMORIES_MSG.deleteFlashcardFailed, e, 'append')) })
  const close = () => setOpen(undefined)
  const goTo = (id: number) => navigate(`/memories/deck/${id}`)

  const onDelete = (card: Flashcard) => {
    if (window.confirm(MEMORIES_TEXT.confirmDelete)) remove.mutate(card)
  }

  const screenError = error ?? (cards.isError ? failureText(MEMORIES_MSG.fetchFlashcardsFailed, cards.error, 'append') : undefined)
  // "Errors replace the screen with red text" (spec 001 s2): nothing of the deck screen stays above it.
  if (screenError) return <ScreenError message={screenError} />

  return (
    <section className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Memories</h1>
            <Select label="Deck" labelClassName="mt-2 block text-xs font-medium uppercase tracking-wide text-slate-500" className="min-w-48 font-medium" value={deck?.id ?? ''} onChange={(e) => goTo(Number(e.target.value))} disabled={decks.length === 0}>
              {decks.length === 0 && <option value="">No decks yet</option>}
              {decks.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </Select>
          </div>
          <Button variant="secondary" onClick={() => setOpen({ kind: 'deck' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Deck
          </Button>
          {deck && (
            <div>
              <AnswerButtonsSetting deck={deck} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={!deck} onClick={() => setOpen({ kind: 'card' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {MEMORIES_TEXT.addCard}
          </Button>
          <Button disabled={!deck} onClick={() => deck && navigate(`/memories/review?deck_id=${deck.id}`)}>
            <GraduationCap className="h-4 w-4" aria-hidden="true" />
            {MEMORIES_TEXT.startReview}
          </Button>
          {deck && <DeckTransfer deckId={deck.id} />}
          {deck && (
            <Button variant="secondary" disabled={!cards.data?.length} loading={anki.busy} onClick={() => cards.data && void anki.send(deck.name, cards.data)}>
              {!anki.busy && <Send className="h-4 w-4" aria-hidden="true" />}
              {ANKI_TEXT.sendDeck}
            </Button>
          )}
          <Button variant="secondary" onClick={() => navigate('/memories/stats')}>
            <ChartColumn className="h-4 w-4" aria-hidden="true" />
            {MEMORIES_TEXT.statistics}
          </Button>
          <Button variant="secondary" onClick={() => navigate('/memories/words')}>
            <BookA className="h-4 w-4" aria-hidden="true" />
            Vocabulary
          </Button>
        </div>
      </div>

      <AnkiSendStatus state={anki.state} onClose={anki.reset} />

      {!deck ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">
          <p>Create a deck to keep the words you meet in episodes.</p>
          <Button className="mt-4" onClick={() => setOpen({ kind: 'deck' })}>
            {MEMORIES_TEXT.createDeckTitle}
          </Button>
        </div>
      ) : !cards.data ? (
        <Spinner className="mx-auto my-12 h-8 w-8 text-indigo-600" label="Loading flashcards" />
      ) : (
        <>
          <StatTiles stats={deckStats(cards.data, new Date())} />
          {cards.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">{MEMORIES_TEXT.empty}</p>
          ) : (
            <FlashcardTable cards={cards.data} onView={(card) => setOpen({ kind: 'view', card })} onEdit={(card) => setOpen({ kind: 'edit', card })} onDelete={onDelete} onSendToAnki={anki.busy ? undefined : (card) => void anki.send(deck.name, [card])} />
          )}
        </>
      )}

      {open?.kind === 'deck' && (
        <CreateDeckDialog
          onClose={close}
          onCreated={(d) => {
            close()
            goTo(d.id)
          }}
        />
      )}
      {open?.kind === 'card' && deck && <CreateCardDialog deckId={deck.id} onClose={close} />}
      {open?.kind === 'view' && <ContentViewer content={open.card.back} onClose={close} />}
      {open?.kind === 'edit' && <EditFlashcardDialog card={open.card} onClose={close} />}
    </section>
  )
}
