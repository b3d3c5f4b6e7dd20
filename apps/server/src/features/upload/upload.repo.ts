import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { uploads } from '../../db/schema'

export type UploadRow = typeof uploads.$inferSelect
export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>

/** Every read is scoped by the uploader: another user's file is simply not found. */
export function createUploadRepo(db: Db) {
  return {
    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning()
      return row!
    },

    async findForUser(userId: number, path: string): Promise<UploadRow | undefined> {
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.userId, userId), eq(uploads.path, path)))
      return row
    },
  }
}

export type UploadRepo = ReturnType<typeof createUploadRepo>
