import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { shadowTakes } from '../../db/schema'

export type TakeRow = typeof shadowTakes.$inferSelect

export interface TakeResult {
  words: Array<{ word: string; verdict: 'clear' | 'unclear' | 'missing'; start: number | null; end: number | null }>
  learnerWpm: number | null
  speakerWpm: number | null
}

/** Takes are read, listed and deleted only with their owner's id in the condition. */
export function createShadowingRepo(db: Db) {
  const segmentOf = (userId: number, articleId: number, segmentStartMs: number) =>
    and(eq(shadowTakes.userId, userId), eq(shadowTakes.articleId, articleId), eq(shadowTakes.segmentStartMs, segmentStartMs))
  return {
    async insert(values: { userId: number; articleId: number; segmentStartMs: number; segmentEndMs: number; text: string; audio: string; durationMs: number }): Promise<TakeRow> {
      const [row] = await db.insert(shadowTakes).values(values).returning()
      return row!
    },

    async list(userId: number, articleId: number, segmentStartMs: number): Promise<TakeRow[]> {
      return db.select().from(shadowTakes).where(segmentOf(userId, articleId, segmentStartMs)).orderBy(desc(shadowTakes.createdAt), desc(shadowTakes.id))
    },

    async find(userId: number, id: number): Promise<TakeRow | undefined> {
      const [row] = await db.select().from(shadowTakes).where(and(eq(shadowTakes.id, id), eq(shadowTakes.userId, userId)))
      return row
    },

    /** For the scoring job, which acts for the owner. */
    async byId(id: number): Promise<TakeRow | undefined> {
      const [row] = await db.select().from(shadowTakes).where(eq(shadowTakes.id, id))
      return row
    },

    /** The deleted row (its audio address for the caller to remove), or undefined when it was not the user's. */
    async delete(userId: number, id: number): Promise<TakeRow | undefined> {
      const [row] = await db.delete(shadowTakes).where(and(eq(shadowTakes.id, id), eq(shadowTakes.userId, userId))).returning()
      return row
    },

    /** Deletes all but the newest `keep` takes of the segment; the deleted rows. */
    async trim(userId: number, articleId: number, segmentStartMs: number, keep: number): Promise<TakeRow[]> {
      const rows = await db
        .select({ id: shadowTakes.id })
        .from(shadowTakes)
        .where(segmentOf(userId, articleId, segmentStartMs))
        .orderBy(desc(shadowTakes.createdAt), desc(shadowTakes.id))
      const old = rows.slice(keep).map((r) => r.id)
      if (old.length === 0) return []
      return db.delete(shadowTakes).where(and(eq(shadowTakes.userId, userId), inArray(shadowTakes.id, old))).returning()
    },

    async scored(id: number, score: number, result: TakeResult): Promise<void> {
      await db.update(shadowTakes).set({ status: 'scored', score, result, error: null }).where(eq(shadowTakes.id, id))
    },

    async failed(id: number, error: string): Promise<void> {
      await db.update(shadowTakes).set({ status: 'failed', error }).where(eq(shadowTakes.id, id))
    },

    async setDuration(id: number, durationMs: number): Promise<void> {
      await db.update(shadowTakes).set({ durationMs }).where(eq(shadowTakes.id, id))
    },
  }
}

export type ShadowingRepo = ReturnType<typeof createShadowingRepo>
