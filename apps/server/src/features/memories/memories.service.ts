import { setImmediate } from 'node:timers/promises'
import { ANSWERED_AT_MAX_AGE_DAYS, ANSWERED_AT_SKEW_MS, MEMORIES_MSG, type AnswerButtons, type CardKind, type Deck, type Flashcard, type ReviewRating, type SchedulerName } from '@lingocast/contract'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors'
import { deckToApkg } from './anki-package'
import { cardsToCsv, deckFileName } from './deck-csv'
import { readDeckFile, type DeckFile } from './deck-file'
import { toDeckDto, toFlashcardDto } from './flashcard-dto'
import { scheduleOf } from './flashcard-row'
import type { MemoriesRepo } from './memories.repo'
import type { ReviewRules } from './reviews.repo'
import { newCardSchedule, nextIntervals, replayAnswers, scheduleReview } from './schedule'
import type { SentenceSource } from './sentence-source'
import { checkStatsPeriod, checkTimeZone } from './stats-period'

/** Fronts of an import told to onCardsCreated at once: the vocabulary tags each word, about 40 µs of the event loop apiece. */
const FRONTS_TOLD_AT_ONCE = 250

/** PostgreSQL's "invalid parameter value", raised for a time zone it does not know. */
const PG_INVALID_PARAMETER = '22023'

export interface MemoriesDeps {
  repo: MemoriesRepo
  now?: () => Date
  /** Told of new (or edited) cards' fronts, one card or a whole import at once (the vocabulary makes each one-word front 'learning'). */
  onCardsCreated?: (userId: number, fronts: string[]) => Promise<void>
  /** Sentence audio; without it, cards are made without clips. */
  clips?: CardClips
}

/** What the service needs for cards that keep their sentence's audio. */
export interface CardClips {
  locate: SentenceSource
  /** Queues the cut of a new card's clip. */
  enqueue(flashcardId: number): Promise<void>
  /** The clip's bytes, for the Anki package; undefined when the file is gone. */
  read(address: string): Promise<Uint8Array | undefined>
  remove(address: string): Promise<void>
}

/** The sentence a card is made from, as the create request names it. */
export interface CardSource {
  article_id: number | string
  start_ms: number
  end_ms: number
}

/** The pure scheduling of schedule.ts, as the repository applies it to a card as read. */
const reviewRules = (rating: ReviewRating, now: () => Date): ReviewRules => ({
  now,
  next: (card, at, deck) => scheduleReview(card, rating, at, deck.scheduler, deck.answerButtons),
  replay: (start, answers, deck) => replayAnswers(start, answers, deck.scheduler, deck.answerButtons),
})

/**
 * When an answer made offline counts as given: the time it carries. A time ahead of the server by up to the clock skew counts as now;
 * further ahead, or older than the longest a review waits offline, is refused.
 */
function answeredAt(given: string, now: Date): Date {
  const at = new Date(given)
  if (at.getTime() > now.getTime() + ANSWERED_AT_SKEW_MS) throw new ValidationError(MEMORIES_MSG.answeredInFuture)
  if (at.getTime() < now.getTime() - ANSWERED_AT_MAX_AGE_DAYS * 86_400_000) throw new ValidationError(MEMORIES_MSG.answeredTooLongAgo)
  return at.getTime() > now.getTime() ? now : at
}

export function createMemoriesService(deps: MemoriesDeps) {
  const { repo } = deps
  const now = deps.now ?? (() => new Date())

  async function ownDeck(userId: number, deckId: number) {
    const deck = await repo.findDeck(userId, deckId)
    if (!deck) throw new NotFoundError(MEMORIES_MSG.deckNotFound)
    return deck
  }

  return {
    listDecks: async (userId: number): Promise<Deck[]> => (await repo.listDecks(userId)).map(toDeckDto),

    createDeck: async (userId: number, name: string, scheduler: SchedulerName, answerButtons?: AnswerButtons): Promise<Deck> =>
      toDeckDto(await repo.insertDeck(userId, name, scheduler, answerButtons)),

    /** One of the user's decks with its settings; another user's is not found. */
    deckSettings: async (userId: number, deckId: number): Promise<Deck> => toDeckDto(await ownDeck(userId, deckId)),

    async updateDeckSettings(userId: number, deckId: number, answerButtons: AnswerButtons): Promise<Deck> {
      const row = await repo.updateDeckSettings(userId, deckId, { answerButtons })
      if (!row) throw new NotFoundError(MEMORIES_MSG.deckNotFound)
      return toDeckDto(row)
    },

    async listCards(userId: number, deckId: number): Promise<Flashcard[]> {
      await ownDeck(userId, deckId)
      return (await repo.listCards(userId, deckId)).map(toFlashcardDto)
    },

    async createCard(userId: number, deckId: number, front: string, back: string, options: { kind?: CardKind; source?: CardSource } = {}): Promise<Flashcard> {
      await ownDeck(userId, deckId)
      // Located before the card exists: a sentence that cannot be cut refuses the card rather than leaving it mute.
      const clip = options.source && deps.clips ? await deps.clips.locate(userId, options.source) : undefined
      const created = now()
      const card = await repo.insertCard(userId, deckId, { front, back, schedule: newCardSchedule(created), createdAt: created, kind: options.kind, clip })
      if (clip) await deps.clips!.enqueue(card.id)
      await deps.onCardsCreated?.(userId, [card.front])
      return toFlashcardDto(card)
    },

    /** The stored clip of one of the user's cards. */
    async clipOf(userId: number, id: number): Promise<string> {
      const address = await repo.clipOf(userId, id)
      if (!address) throw new NotFoundError(MEMORIES_MSG.audioNotFound)
      return address
    },

    /** The deck as a CSV file (beyond the spec). */
    async exportCsv(userId: number, deckId: number): Promise<{ fileName: string; csv: string }> {
      const deck = await ownDeck(userId, deckId)
      return { fileName: deckFileName(deck.name, 'csv'), csv: cardsToCsv(await repo.listCards(userId, deckId)) }
    },

    /** The deck as an Anki package, with each card's source sentence, schedule and review history (beyond the spec). */
    async exportApkg(userId: number, deckId: number): Promise<{ fileName: string; data: Uint8Array }> {
      const deck = await ownDeck(userId, deckId)
      const [cards, reviews] = [await repo.listCards(userId, deckId), await repo.deckReviewLog(userId, deckId)]
      const sounds = new Map<number, Uint8Array>()
      for (const card of cards) {
        const bytes = card.audio ? await deps.clips?.read(card.audio) : undefined
        if (bytes) sounds.set(card.id, bytes)
      }
      return { fileName: deckFileName(deck.name, 'apkg'), data: await deckToApkg(deck, cards, reviews, now().getTime(), sounds) }
    },

    /**
     * Adds a deck file's cards to the deck as new cards, due at once; all or
     * none. Their fronts are told in slices, each a few ms of the event loop.
     */
    async importCsv(userId: number, deckId: number, file: DeckFile): Promise<number> {
      await ownDeck(userId, deckId)
      const cards = await readDeckFile(file)
      const added = await repo.insertCards(userId, deckId, cards, newCardSchedule(now()))
      for (let at = 0; at < cards.length && deps.onCardsCreated; at += FRONTS_TOLD_AT_ONCE) {
        if (at > 0) await setImmediate()
        await deps.onCardsCreated(userId, cards.slice(at, at + FRONTS_TOLD_AT_ONCE).map((c) => c.front))
      }
      return added
    },

    async updateCard(userId: number, id: number, front: string, back: string): Promise<Flashcard> {
      const row = await repo.updateCard(userId, id, { front, back })
      if (!row) throw new NotFoundError(MEMORIES_MSG.flashcardNotFound)
      // A front changed to another word: that word now has a card too.
      await deps.onCardsCreated?.(userId, [row.front])
      return toFlashcardDto(row)
    },

    async deleteCard(userId: number, id: number): Promise<void> {
      const deleted = await repo.deleteCard(userId, id)
      if (!deleted) throw new NotFoundError(MEMORIES_MSG.flashcardNotFound)
      if (deleted.audio) await deps.clips?.remove(deleted.audio)
    },

    /**
     * One answer: the card's next schedule (by its deck's scheduler and
     * buttons) and its log row, with the answer time when the client gave it.
     * A review made offline carries its id and when it was given:
     * it is scheduled at that time (an answer given before the card's last one
     * replays the card's history with it in its place), and an id already
     * applied answers with the card as it is.
     */
    async review(userId: number, id: number, rating: ReviewRating, options: { timeMs?: number; reviewId?: string; answeredAt?: string } = {}): Promise<Flashcard> {
      const at = options.answeredAt === undefined ? undefined : answeredAt(options.answeredAt, now())
      const outcome = await repo.review(userId, id, { rating, at, timeMs: options.timeMs ?? null, reviewId: options.reviewId ?? null }, reviewRules(rating, now))
      if (!outcome) throw new NotFoundError(MEMORIES_MSG.flashcardNotFound)
      if (!outcome.sameCard) throw new ConflictError(MEMORIES_MSG.reviewIdReused)
      return toFlashcardDto(outcome.row)
    },

    /** Seconds from now until the card would be due after each answer (the four buttons' labels). */
    async intervals(userId: number, id: number): Promise<Record<ReviewRating, number>> {
      const found = await repo.cardWithDeck(userId, id)
      if (!found) throw new NotFoundError(MEMORIES_MSG.flashcardNotFound)
      const ms = nextIntervals(scheduleOf(found.card), now(), found.scheduler as SchedulerName, found.answerButtons as AnswerButtons)
      const seconds = (v: number) => Math.round(v / 1000)
      return { Again: seconds(ms.Again), Hard: seconds(ms.Hard), Good: seconds(ms.Good), Easy: seconds(ms.Easy) }
    },

    async stats(userId: number, start: string, end: string, tz: string | undefined) {
      checkStatsPeriod(start, end)
      const zone = checkTimeZone(tz)
      let days
      try {
        days = await repo.dailyActivity(userId, start, end, zone)
      } catch (error) {
        if ((error as { code?: string }).code === PG_INVALID_PARAMETER) throw new ValidationError(MEMORIES_MSG.badTimeZone)
        throw error
      }
      const summary = {
        total_added: days.reduce((n, d) => n + d.cards_added, 0),
        total_reviewed: days.reduce((n, d) => n + d.cards_reviewed, 0),
        start_date: start,
        end_date: end,
      }
      return { stats: days, summary }
    },
  }
}

export type MemoriesService = ReturnType<typeof createMemoriesService>
