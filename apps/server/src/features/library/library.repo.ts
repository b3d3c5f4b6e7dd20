import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articles, librarySeeds, users } from '../../db/schema'
import { newPublicId } from '../../lib/public-id'
import type { ArticleRow } from './article-dto'

export type NewArticle = Omit<typeof articles.$inferInsert, 'id' | 'hashId' | 'userId' | 'createdAt'>

/** Every query is scoped by the user: another user's article is simply not found. */
export function createLibraryRepo(db: Db) {
  const byRef = (userId: number, ref: number | string) =>
    and(eq(articles.userId, userId), typeof ref === 'number' ? eq(articles.id, ref) : eq(articles.hashId, ref))

  return {
    async listForUser(userId: number): Promise<ArticleRow[]> {
      return db.select().from(articles).where(eq(articles.userId, userId)).orderBy(desc(articles.id))
    },

    /**
     * Moved on by a trigger with every write of the user's articles (migration
     * 0017); undefined when the user is gone.
     */
    async libraryVersion(userId: number): Promise<number | undefined> {
      const [row] = await db.select({ version: users.libraryVersion }).from(users).where(eq(users.id, userId))
      return row?.version
    },

    async findForUser(userId: number, ref: number | string): Promise<ArticleRow | undefined> {
      const [row] = await db.select().from(articles).where(byRef(userId, ref))
      return row
    },

    /** Any user's article, for reads that the caller authorises itself (a public playlist holding it). */
    async findAnyUser(ref: number | string): Promise<ArticleRow | undefined> {
      const [row] = await db.select().from(articles).where(typeof ref === 'number' ? eq(articles.id, ref) : eq(articles.hashId, ref))
      return row
    },

    async setFinished(userId: number, ref: number | string, finished: boolean): Promise<boolean> {
      const rows = await db.update(articles).set({ isFinished: finished }).where(byRef(userId, ref)).returning({ id: articles.id })
      return rows.length > 0
    },

    async delete(userId: number, ref: number | string): Promise<boolean> {
      const rows = await db.delete(articles).where(byRef(userId, ref)).returning({ id: articles.id })
      return rows.length > 0
    },

    async insert(userId: number, values: NewArticle): Promise<ArticleRow> {
      const [row] = await db.insert(articles).values({ ...values, userId, hashId: newPublicId() }).returning()
      return row!
    },

    /**
     * Seeds a user's library once: the claim and the articles commit together,
     * so a concurrent first read waits on the claim's row lock and then sees
     * the articles (two tabs opening the console at once on PostgreSQL listed
     * an empty library while the seed was half written).
     */
    async seedOnce(userId: number, items: NewArticle[]): Promise<void> {
      await db.transaction(async (tx) => {
        const claimed = await tx.insert(librarySeeds).values({ userId }).onConflictDoNothing().returning({ userId: librarySeeds.userId })
        if (claimed.length === 0) return
        for (const values of items) await tx.insert(articles).values({ ...values, userId, hashId: newPublicId() })
      })
    },

    /** Whether a stored file is the media or thumbnail of one of the user's articles. */
    async userHasStoredFile(userId: number, address: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(articles)
        .where(and(eq(articles.userId, userId), or(eq(articles.audio, address), eq(articles.video, address), eq(articles.thumbnail, address))))
        .limit(1)
      return Boolean(row)
    },

    /** Whether the user studies this media address (as video or audio). */
    async userHasMedia(userId: number, address: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(articles)
        .where(and(eq(articles.userId, userId), or(eq(articles.audio, address), eq(articles.video, address))))
        .limit(1)
      return Boolean(row)
    },
  }
}

export type LibraryRepo = ReturnType<typeof createLibraryRepo>
