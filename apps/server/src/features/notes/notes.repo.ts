import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articleNotes, articles } from '../../db/schema'

export interface NotesSave {
  body: string
  /** Which open editor sent the save, and its running number (both optional). */
  editor?: string | undefined
  revision?: number | undefined
  /** When a save that waited offline was written: kept only if the stored notes are not newer. */
  changedAt?: Date | undefined
}

/** Notes are read and written only through the signed-in user's own article. */
export function createNotesRepo(db: Db) {
  return {
    /** The user's article id for a HashID, or undefined when it is not theirs. */
    async articleIdFor(userId: number, hashId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.userId, userId), eq(articles.hashId, hashId)))
      return row?.id
    },

    async read(userId: number, articleId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ body: articleNotes.body })
        .from(articleNotes)
        .where(and(eq(articleNotes.articleId, articleId), eq(articleNotes.userId, userId)))
      return row?.body
    },

    /**
     * One statement, so a crash leaves either the old or the new text. A save
     * from the same editor with a lower revision than the stored one is older
     * than what is kept and is skipped; saves from other editors always win,
     * except a save that waited offline (`changedAt`) over notes written after it.
     */
    async write(userId: number, articleId: number, save: NotesSave): Promise<void> {
      const values = { articleId, userId, body: save.body, editor: save.editor ?? null, revision: save.revision ?? null, updatedAt: save.changedAt ?? new Date() }
      await db
        .insert(articleNotes)
        .values(values)
        .onConflictDoUpdate({
          target: articleNotes.articleId,
          set: { body: values.body, editor: values.editor, revision: values.revision, updatedAt: values.updatedAt },
          setWhere: sql`${articleNotes.userId} = ${userId} and (
            excluded.editor is null or excluded.revision is null
            or ${articleNotes.editor} is distinct from excluded.editor
            or ${articleNotes.revision} is null or excluded.revision >= ${articleNotes.revision})
            and (${save.changedAt === undefined} or excluded.updated_at >= ${articleNotes.updatedAt})`,
        })
    },
  }
}

export type NotesRepo = ReturnType<typeof createNotesRepo>
