import { and, desc, eq, or, sql } from 'drizzle-orm'
import { customAlphabet } from 'nanoid'
import type { Db } from '../../db/client'
import { articles, librarySeeds } from '../../db/schema'
import type { ArticleRow } from './article-dto'

/** Public ids: 12 URL-safe characters, unrelated to the serial id. */
const newHashId = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 12)

export type NewArticle = Omit<typeof articles.$inferInsert, 'id' | 'hashId' | 'userId' | 'createdAt'>

/** Every query is scoped by the user: another user's article is simply not found. */
export function createLibraryRepo(db: Db) {
  const byRef = (userId: number, ref: number | string) =>
    and(eq(articles.userId, userId), typeof ref === 'number' ? eq(articles.id, ref) : eq(articles.hashId, ref))

  return {
    async listForUser(userId: number): Promise<ArticleRow[]> {
      return db.select().from(articles).where(eq(articles.userId, userId)).orderBy(desc(articles.id))
    },

    async findForUser(userId: number, ref: number | string): Promise<ArticleRow | undefined> {
      const [row] = await db.select().from(articles).where(byRef(userId, ref))
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
      const [row] = await db.insert(articles).values({ ...values, userId, hashId: newHashId() }).returning()
      return row!
    },

    /** Claims the one-time demo seeding of a user; true for exactly one caller. */
    async claimSeed(userId: number): Promise<boolean> {
      const rows = await db.insert(librarySeeds).values({ userId }).onConflictDoNothing().returning({ userId: librarySeeds.userId })
      return rows.length > 0
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
