import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articles, playlistItems, playlistKeeps, playlists } from '../../db/schema'
import { newPublicId } from '../../lib/public-id'

export type PlaylistRow = typeof playlists.$inferSelect

export interface ListedPlaylist {
  id: number
  hashId: string
  title: string
  isPublic: boolean
  isMine: boolean
}

export interface ItemRow {
  articleId: number
  hashId: string
  title: string
  thumbnail: string | null
  durationSeconds: number | null
  video: string | null
  audio: string | null
}

/** An article named by its id (ArticleID / CollectionID) or its HashID. */
const articleIdOf = (ref: number | string) => (typeof ref === 'number' ? sql`${ref}` : sql`(select ${articles.id} from ${articles} where ${articles.hashId} = ${ref})`)

/**
 * The SQL of playlists. Every read and write names the user: a playlist is
 * reachable by its owner, and by others only while it is public.
 */
export function createPlaylistsRepo(db: Db) {
  const ownedBy = (userId: number, hashId: string) => and(eq(playlists.hashId, hashId), eq(playlists.ownerId, userId))

  return {
    /** Own playlists and the public ones the user keeps; newest first (created, or kept, most recently). */
    async listForUser(userId: number): Promise<ListedPlaylist[]> {
      const joined = sql`coalesce(${playlistKeeps.keptAt}, ${playlists.createdAt})`
      return db
        .select({
          id: playlists.id,
          hashId: playlists.hashId,
          title: playlists.title,
          isPublic: playlists.isPublic,
          isMine: sql<boolean>`${playlists.ownerId} = ${userId}`,
        })
        .from(playlists)
        .leftJoin(playlistKeeps, and(eq(playlistKeeps.playlistId, playlists.id), eq(playlistKeeps.userId, userId)))
        .where(or(eq(playlists.ownerId, userId), and(isNotNull(playlistKeeps.userId), eq(playlists.isPublic, true))))
        .orderBy(desc(joined), desc(playlists.id))
    },

    /** The titles of the user's own playlists that start with `prefix` (a plain text, no LIKE wildcards). */
    async ownTitlesStartingWith(userId: number, prefix: string): Promise<string[]> {
      const rows = await db
        .select({ title: playlists.title })
        .from(playlists)
        .where(and(eq(playlists.ownerId, userId), sql`starts_with(${playlists.title}, ${prefix})`))
      return rows.map((r) => r.title)
    },

    async create(userId: number, title: string, isPublic: boolean): Promise<PlaylistRow> {
      const [row] = await db.insert(playlists).values({ ownerId: userId, title, isPublic, hashId: newPublicId() }).returning()
      return row!
    },

    /** The playlist if the user may see it (owner, or public), with whether they keep it. */
    async findVisible(userId: number, hashId: string): Promise<(PlaylistRow & { kept: boolean }) | undefined> {
      const [row] = await db
        .select({ playlist: playlists, kept: sql<boolean>`${playlistKeeps.userId} is not null` })
        .from(playlists)
        .leftJoin(playlistKeeps, and(eq(playlistKeeps.playlistId, playlists.id), eq(playlistKeeps.userId, userId)))
        .where(and(eq(playlists.hashId, hashId), or(eq(playlists.ownerId, userId), eq(playlists.isPublic, true))))
      return row && { ...row.playlist, kept: row.kept }
    },

    async findOwned(userId: number, hashId: string): Promise<PlaylistRow | undefined> {
      const [row] = await db.select().from(playlists).where(ownedBy(userId, hashId))
      return row
    },

    /** Items in play order: position, then the order they were added in. */
    async items(playlistId: number): Promise<ItemRow[]> {
      return db
        .select({
          articleId: articles.id,
          hashId: articles.hashId,
          title: articles.title,
          thumbnail: articles.thumbnail,
          durationSeconds: articles.durationSeconds,
          video: articles.video,
          audio: articles.audio,
        })
        .from(playlistItems)
        .innerJoin(articles, eq(articles.id, playlistItems.articleId))
        .where(eq(playlistItems.playlistId, playlistId))
        .orderBy(asc(playlistItems.position), asc(playlistItems.addedAt), asc(playlistItems.articleId))
    },

    /** Ids of the user's own playlists that hold the article. */
    async ownPlaylistIdsHolding(userId: number, articleId: number): Promise<number[]> {
      const rows = await db
        .select({ id: playlists.id })
        .from(playlistItems)
        .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
        .where(and(eq(playlists.ownerId, userId), eq(playlistItems.articleId, articleId)))
        .orderBy(asc(playlists.id))
      return rows.map((r) => r.id)
    },

    /**
     * Adds the article to the end of `add` (where it is not yet) and takes it
     * out of `remove`, in one transaction. The user's playlist rows are locked
     * so that two concurrent appends cannot take one position. False (and
     * nothing changed) when an id is not one of the user's own.
     */
    async changeMembership(userId: number, articleId: number, add: readonly number[], remove: readonly number[]): Promise<boolean> {
      const toAdd = [...new Set(add)]
      const toRemove = [...new Set(remove)].filter((id) => !toAdd.includes(id))
      return db.transaction(async (tx) => {
        const own = await tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.ownerId, userId)).orderBy(asc(playlists.id)).for('update')
        const ownIds = new Set(own.map((r) => r.id))
        if (![...toAdd, ...toRemove].every((id) => ownIds.has(id))) return false
        if (toRemove.length) {
          await tx.delete(playlistItems).where(and(eq(playlistItems.articleId, articleId), inArray(playlistItems.playlistId, toRemove)))
        }
        if (toAdd.length) {
          const next = sql`coalesce((select max(pi.position) from ${playlistItems} pi where pi.playlist_id = ${playlists.id}), 0) + 1`
          await tx
            .insert(playlistItems)
            .select(
              tx
                .select({ playlistId: playlists.id, articleId: sql`${articleId}`.as('article_id'), position: sql`${next}`.as('position'), addedAt: sql`now()`.as('added_at') })
                .from(playlists)
                .where(inArray(playlists.id, toAdd)),
            )
            .onConflictDoNothing()
        }
        return true
      })
    },

    async update(userId: number, hashId: string, changes: { title?: string; isPublic?: boolean }): Promise<boolean> {
      const rows = await db.update(playlists).set(changes).where(ownedBy(userId, hashId)).returning({ id: playlists.id })
      return rows.length > 0
    },

    /** The owner's delete: the playlist, its items and everyone's keeps go (cascade). */
    async deleteOwned(userId: number, hashId: string): Promise<boolean> {
      const rows = await db.delete(playlists).where(ownedBy(userId, hashId)).returning({ id: playlists.id })
      return rows.length > 0
    },

    /** Keeps another user's public playlist; false when there is no such playlist for this user. */
    async keep(userId: number, hashId: string): Promise<boolean> {
      const target = db
        .select({ userId: sql`${userId}`.as('user_id'), playlistId: playlists.id, keptAt: sql`now()`.as('kept_at') })
        .from(playlists)
        .where(and(eq(playlists.hashId, hashId), eq(playlists.isPublic, true), ne(playlists.ownerId, userId)))
      await db.insert(playlistKeeps).select(target).onConflictDoNothing()
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(playlistKeeps)
        .innerJoin(playlists, eq(playlists.id, playlistKeeps.playlistId))
        .where(and(eq(playlistKeeps.userId, userId), eq(playlists.hashId, hashId), eq(playlists.isPublic, true)))
      return Boolean(row)
    },

    /** A non-owner's delete: only their keep goes. */
    async unkeep(userId: number, hashId: string): Promise<boolean> {
      const rows = await db
        .delete(playlistKeeps)
        .where(and(eq(playlistKeeps.userId, userId), inArray(playlistKeeps.playlistId, db.select({ id: playlists.id }).from(playlists).where(eq(playlists.hashId, hashId)))))
        .returning({ playlistId: playlistKeeps.playlistId })
      return rows.length > 0
    },

    async removeItem(playlistId: number, articleRef: number | string): Promise<boolean> {
      const rows = await db
        .delete(playlistItems)
        .where(and(eq(playlistItems.playlistId, playlistId), eq(playlistItems.articleId, articleIdOf(articleRef))))
        .returning({ articleId: playlistItems.articleId })
      return rows.length > 0
    },

    /** Whether a public playlist holds the article. */
    async isSharedArticle(articleId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(playlistItems)
        .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
        .where(and(eq(playlistItems.articleId, articleId), eq(playlists.isPublic, true)))
        .limit(1)
      return Boolean(row)
    },

    /**
     * Whether a media or image address belongs to an article of a public
     * playlist: sharing a playlist shares its items' media with signed-in users.
     */
    async isSharedAddress(address: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(playlistItems)
        .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
        .innerJoin(articles, eq(articles.id, playlistItems.articleId))
        .where(and(eq(playlists.isPublic, true), or(eq(articles.audio, address), eq(articles.video, address), eq(articles.thumbnail, address))))
        .limit(1)
      return Boolean(row)
    },
  }
}

export type PlaylistsRepo = ReturnType<typeof createPlaylistsRepo>
