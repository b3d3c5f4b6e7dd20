import { pathWithId, improveFlashcardBack, memoriesRoutes as c, type AnswerButtons, type Deck, type Flashcard, type RouteBody, type ReviewRating, type SchedulerName } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiCall } from '../../api/client'
import { getToken } from '../../lib/cookies'
import { fireWindowEvent, onWindowEvent } from '../../lib/events'

export const memoriesKeys = {
  all: ['memories'] as const,
  decks: () => [...memoriesKeys.all, 'decks'] as const,
  cards: (deckId: number) => [...memoriesKeys.all, 'cards', deckId] as const,
  stats: (start: string, end: string) => [...memoriesKeys.all, 'stats', start, end] as const,
  intervals: (cardId: number, lastReviewed: string | null) => [...memoriesKeys.all, 'intervals', cardId, lastReviewed] as const,
}

export const decksQuery = () =>
  queryOptions({
    queryKey: memoriesKeys.decks(),
    queryFn: async ({ signal }): Promise<Deck[]> => (await apiCall(c.listDecks, { signal })).decks,
  })

export const flashcardsQuery = (deckId: number) =>
  queryOptions({
    queryKey: memoriesKeys.cards(deckId),
    queryFn: async ({ signal }): Promise<Flashcard[]> => (await apiCall(c.listFlashcards, { query: { deck_id: deckId }, signal })).flashcards,
    // A clip is cut in a second or two after its card is made: look again until none is pending.
    refetchInterval: (query) => (query.state.data?.some((card) => card.audio?.status === 'pending') ? AUDIO_POLL_MS : false),
  })

const AUDIO_POLL_MS = 1500

/** The learner's zone: a day of activity is their calendar day. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

export const statsQuery = (start: string, end: string) =>
  queryOptions({
    queryKey: memoriesKeys.stats(start, end),
    queryFn: async ({ signal }) => apiCall(c.stats, { query: { start_date: start, end_date: end, tz: timeZone() }, signal }),
    staleTime: 0,
  })

export const createDeck = (name: string, scheduler: SchedulerName) => apiCall(c.createDeck, { body: { name, scheduler } })
export const createFlashcard = (body: RouteBody<typeof c.createFlashcard>) => apiCall(c.createFlashcard, { body })
export const updateFlashcard = (id: number, front: string, back: string) => apiCall(pathWithId(c.updateFlashcard, id), { body: { front, back } })
export const deleteFlashcard = (id: number) => apiCall(pathWithId(c.deleteFlashcard, id))
/**
 * One answer. `reviewId` makes a send that may be repeated apply once;
 * `answeredAt` is the time of an answer made offline (decision 0015), `account`
 * the account it was made in (sent only in that account's session).
 */
export const reviewFlashcard = (id: number, rating: ReviewRating, timeMs?: number, offline: { reviewId?: string; answeredAt?: Date; account?: string } = {}) =>
  apiCall(c.reviewFlashcard, {
    ...(offline.account ? { account: offline.account } : {}),
    body: {
      flashcard_id: id,
      rating,
      ...(timeMs === undefined ? {} : { time_ms: timeMs }),
      ...(offline.reviewId ? { review_id: offline.reviewId } : {}),
      ...(offline.answeredAt ? { answered_at: offline.answeredAt.toISOString() } : {}),
    },
  })

/** The four buttons' next intervals (seconds) for a card as last saved; refetched after each of its answers. */
export const intervalsQuery = (card: Pick<Flashcard, 'id' | 'last_reviewed'>) =>
  queryOptions({
    queryKey: memoriesKeys.intervals(card.id, card.last_reviewed),
    queryFn: async ({ signal }) => (await apiCall(pathWithId(c.reviewIntervals, card.id), { signal })).intervals,
    staleTime: 30_000,
  })

/** Sets a deck's answer buttons (2: the spec's Unfamiliar / Familiar, 4: Anki's four) and keeps the deck list in step. */
export function useDeckAnswerButtons(options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ deckId, buttons }: { deckId: number; buttons: AnswerButtons }) => apiCall(pathWithId(c.updateDeckSettings, deckId), { body: { answer_buttons: buttons } }),
    onSuccess: (res) => client.setQueryData(decksQuery().queryKey, (decks) => decks?.map((d) => (d.id === res.deck.id ? res.deck : d))),
    onError: (error) => options.onError?.(error),
  })
}

/** Cards changed somewhere: refetch every card list and the stats, and tell the other screens (spec 001 s4). */
function cardsChanged(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: memoriesKeys.all })
  fireWindowEvent('flashcardChanged')
}

export function useCreateDeck(options: { onSuccess?: (deck: Deck) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ name, scheduler }: { name: string; scheduler: SchedulerName }) => createDeck(name, scheduler),
    onSuccess: (res) => {
      client.setQueryData(decksQuery().queryKey, (decks) => (decks ? [...decks, res.deck] : [res.deck]))
      options.onSuccess?.(res.deck)
    },
  })
}

export function useCreateFlashcard(options: { onSuccess?: (card: Flashcard) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createFlashcard,
    onSuccess: (res) => {
      cardsChanged(client)
      options.onSuccess?.(res.flashcard)
    },
  })
}

export function useUpdateFlashcard(options: { onSuccess?: (card: Flashcard) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, front, back }: { id: number; front: string; back: string }) => updateFlashcard(id, front, back),
    onSuccess: (res) => {
      client.setQueryData(flashcardsQuery(res.flashcard.deck_id).queryKey, (cards) => cards?.map((x) => (x.id === res.flashcard.id ? res.flashcard : x)))
      cardsChanged(client)
      options.onSuccess?.(res.flashcard)
    },
  })
}

export function useDeleteFlashcard(options: { onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (card: Flashcard) => deleteFlashcard(card.id),
    onSuccess: (_res, card) => {
      client.setQueryData(flashcardsQuery(card.deck_id).queryKey, (cards) => cards?.filter((x) => x.id !== card.id))
      cardsChanged(client)
    },
    onError: (error) => options.onError?.(error),
  })
}

/** The CSV download address of a deck: a plain link, the Token cookie signs it. */
export const deckCsvUrl = (deckId: number) => pathWithId(c.exportDeckCsv, deckId).path
/** The Anki package (.apkg) download address of a deck. */
export const deckApkgUrl = (deckId: number) => pathWithId(c.exportDeckApkg, deckId).path

/** Bytes as base64, in slices so a large file does not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/**
 * Imports a deck file. Its bytes go as they are (base64): the server decodes
 * them, so a spreadsheet saved in Windows-1252 keeps its “quotes”, € and é
 * (the browser's File.text() would read it as UTF-8 and make them U+FFFD).
 */
export function useImportCsv(options: { onSuccess?: (imported: number) => void; onError?: (error: unknown) => void } = {}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ deckId, file }: { deckId: number; file: Blob }) =>
      apiCall(pathWithId(c.importDeckCsv, deckId), { body: { file_base64: bytesToBase64(new Uint8Array(await file.arrayBuffer())) } }),
    onSuccess: (res) => {
      cardsChanged(client)
      options.onSuccess?.(res.imported)
    },
    onError: (error) => options.onError?.(error),
  })
}

/** Whoever shows cards calls this: a flashcardChanged event (from any screen) refetches them. */
export function useFlashcardChangedEvent() {
  const client = useQueryClient()
  useEffect(() => onWindowEvent('flashcardChanged', () => void client.invalidateQueries({ queryKey: memoriesKeys.all })), [client])
}

/** A non-OK answer of the tutor; the chat shows its status (spec 001 s8). */
export class ChatStatusError extends Error {
  constructor(readonly status: number) {
    super(`Chat API error: ${status}`)
  }
}

/**
 * improve-flashcard-back: the tutor's answer as it streams in. `onText`
 * gets the whole text so far after every chunk; the promise ends with it.
 */
export async function streamImproveFlashcard(body: RouteBody<typeof improveFlashcardBack>, onText: (text: string) => void, signal?: AbortSignal): Promise<string> {
  const token = getToken()
  const res = await fetch(improveFlashcardBack.path, {
    method: improveFlashcardBack.method,
    headers: { 'content-type': 'application/json', accept: 'text/plain', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  })
  if (!res.ok || !res.body) throw new ChatStatusError(res.status)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += value
    onText(text)
  }
  return text
}
