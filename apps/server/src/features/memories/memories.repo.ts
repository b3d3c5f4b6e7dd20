import { and, asc, eq, sql } from 'drizzle-orm'
import type { AnswerButtons, SchedulerName } from '@lingocast/contract'
import type { Db } from '../../db/client'
import { pgCode, WriteFailedError } from '../../db/query-error'
import { decks, flashcards } from '../../db/schema'
import type { ClipSource, DeckRow, FlashcardRow } from './flashcard-row'
import { createReviewsRepo } from './reviews.repo'
import type { CardSchedule } from './schedule'

/**
 * Cards to one INSERT of an import. A card is 15 bind parameters (PostgreSQL
 * takes at most 65,535 a statement), and drizzle builds a statement on the
 * event loop at about 65 µs a card: 200 cards hold it some 13 ms.
 */
const INSERT_BATCH = 200

/** Every query is scoped by the user: another user's deck or card is simply not found. */
export function createMemoriesRepo(db: Db) {
  const cardOf = (userId: number, id: number) => and(eq(flashcards.id, id), eq(flashcards.userId, userId))

  return {
    listDecks: (userId: number): Promise<DeckRow[]> => db.select().from(decks).where(eq(decks.userId, userId)).orderBy(asc(decks.id)),

    async findDeck(userId: number, deckId: number): Promise<DeckRow | undefined> {
      const [row] = await db.select().from(decks).where(and(eq(decks.id, deckId), eq(decks.userId, userId)))
      return row
    },

    async insertDeck(userId: number, name: string, scheduler: SchedulerName, answerButtons?: AnswerButtons): Promise<DeckRow> {
      const [row] = await db
        .insert(decks)
        .values({ userId, name, scheduler, ...(answerButtons ? { answerButtons } : {}) })
        .returning()
      return row!
    },

    /** Sets how one of the user's decks is reviewed; undefined when it is not theirs. */
    async updateDeckSettings(userId: number, deckId: number, settings: { answerButtons: AnswerButtons }): Promise<DeckRow | undefined> {
      const [row] = await db.update(decks).set(settings).where(and(eq(decks.id, deckId), eq(decks.userId, userId))).returning()
      return row
    },

    /** One of the user's cards with how its deck is reviewed. */
    async cardWithDeck(userId: number, id: number): Promise<{ card: FlashcardRow; scheduler: string; answerButtons: number } | undefined> {
      const [row] = await db
        .select({ card: flashcards, scheduler: decks.scheduler, answerButtons: decks.answerButtons })
        .from(flashcards)
        .innerJoin(decks, eq(decks.id, flashcards.deckId))
        .where(cardOf(userId, id))
      return row
    },

    listCards: (userId: number, deckId: number): Promise<FlashcardRow[]> =>
      db.select().from(flashcards).where(and(eq(flashcards.deckId, deckId), eq(flashcards.userId, userId))).orderBy(asc(flashcards.id)),

    async insertCard(
      userId: number,
      deckId: number,
      values: { front: string; back: string; schedule: CardSchedule; createdAt?: Date; kind?: string; clip?: ClipSource },
    ): Promise<FlashcardRow> {
      const [row] = await db
        .insert(flashcards)
        .values({
          userId,
          deckId,
          front: values.front,
          back: values.back,
          ...values.schedule,
          ...(values.createdAt ? { createdAt: values.createdAt } : {}),
          ...(values.kind ? { kind: values.kind } : {}),
          ...(values.clip ? { audioSource: values.clip, audioStatus: 'pending' } : {}),
        })
        .returning()
      return row!
    },

    /** A card whose clip is to be cut (the job reads it unscoped: it acts for the card's owner). */
    async pendingClip(id: number): Promise<{ userId: number; source: ClipSource } | undefined> {
      const [row] = await db
        .select({ userId: flashcards.userId, source: flashcards.audioSource })
        .from(flashcards)
        .where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
      return row?.source ? { userId: row.userId, source: row.source as ClipSource } : undefined
    },

    /** Stores the cut clip; false when the card was deleted (or cut) meanwhile, and the file is the caller's to remove. */
    async setClip(id: number, address: string): Promise<boolean> {
      const rows = await db
        .update(flashcards)
        .set({ audio: address, audioStatus: 'ready', audioSource: null })
        .where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
        .returning({ id: flashcards.id })
      return rows.length > 0
    },

    async failClip(id: number): Promise<void> {
      await db.update(flashcards).set({ audioStatus: 'failed' }).where(and(eq(flashcards.id, id), eq(flashcards.audioStatus, 'pending')))
    },

    /** The stored clip of one of the user's cards. */
    async clipOf(userId: number, id: number): Promise<string | undefined> {
      const [row] = await db.select({ audio: flashcards.audio }).from(flashcards).where(cardOf(userId, id))
      return row?.audio ?? undefined
    },

    /**
     * Many cards, INSERT_BATCH to a statement within one transaction: all are
     * added or none. A failure says how many cards and the database's code,
     * never their text (WriteFailedError).
     */
    async insertCards(userId: number, deckId: number, cards: ReadonlyArray<{ front: string; back: string }>, schedule: CardSchedule): Promise<number> {
      if (cards.length === 0) return 0
      try {
        return await db.transaction(async (tx) => {
          let added = 0
          for (let at = 0; at < cards.length; at += INSERT_BATCH) {
            const batch = cards.slice(at, at + INSERT_BATCH).map((c) => ({ userId, deckId, front: c.front, back: c.back, ...schedule }))
            added += (await tx.insert(flashcards).values(batch).returning({ id: flashcards.id })).length
          }
          return added
        })
      } catch (error) {
        throw new WriteFailedError('importing cards', cards.length, pgCode(error))
      }
    },

    async updateCard(userId: number, id: number, values: { front: string; back: string }): Promise<FlashcardRow | undefined> {
      const [row] = await db
        .update(flashcards)
        .set({ ...values, updatedAt: sql`now()` })
        .where(cardOf(userId, id))
        .returning()
      return row
    },

    /** False when there was no such card; else the address of its clip (null without one), now the caller's to remove. */
    async deleteCard(userId: number, id: number): Promise<{ audio: string | null } | false> {
      const [row] = await db.delete(flashcards).where(cardOf(userId, id)).returning({ audio: flashcards.audio })
      return row ?? false
    },

    ...createReviewsRepo(db),
  }
}

export type MemoriesRepo = ReturnType<typeof createMemoriesRepo>
