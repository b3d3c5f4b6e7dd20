import { NEW_PLAYLIST_NAME, PLAYLIST_MSG, type PlaylistDetail, type PlaylistSummary } from '@lingocast/contract'
import { ConflictError, NotFoundError } from '../../lib/errors'
import type { LibraryService } from '../library/library.service'
import { toItemDto, toSummaryDto } from './playlist-dto'
import type { PlaylistsRepo } from './playlists.repo'

/**
 * The rules of playlists (spec 000 s6): the owner renames, removes items and
 * deletes for everyone; anyone else may open and keep a public playlist and
 * remove it from their own library, nothing more. A playlist a user may not
 * see, or may not change, is not found (never forbidden).
 */
export function createPlaylistsService(deps: { repo: PlaylistsRepo; library: Pick<LibraryService, 'get'> }) {
  const { repo, library } = deps
  const notFound = () => new NotFoundError(PLAYLIST_MSG.playlistNotFound)

  const requireOwned = async (userId: number, hashId: string) => {
    const playlist = await repo.findOwned(userId, hashId)
    if (!playlist) throw notFound()
    return playlist
  }

  return {
    async list(userId: number): Promise<PlaylistSummary[]> {
      return (await repo.listForUser(userId)).map(toSummaryDto)
    },

    async create(userId: number, title: string, isPublic: boolean): Promise<PlaylistSummary> {
      // The console always asks for the spec's name (spec 000 s7): a second one becomes "Untitled Playlist 2".
      const name = title === NEW_PLAYLIST_NAME ? untitledName(await repo.ownTitlesStartingWith(userId, NEW_PLAYLIST_NAME)) : title
      const row = await repo.create(userId, name, isPublic)
      return toSummaryDto({ ...row, isMine: true })
    },

    async detail(userId: number, hashId: string): Promise<Omit<PlaylistDetail, 'success' | 'msg'>> {
      const playlist = await repo.findVisible(userId, hashId)
      if (!playlist) throw notFound()
      const isMine = playlist.ownerId === userId
      return {
        hash_id: playlist.hashId,
        title: playlist.title,
        articles: (await repo.items(playlist.id)).map(toItemDto),
        is_mine: isMine,
        public: playlist.isPublic,
        in_library: isMine || playlist.kept,
      }
    },

    /** Own playlists holding one of the user's own articles (another user's article is not found). */
    async playlistIdsOf(userId: number, articleRef: number | string): Promise<number[]> {
      const article = await library.get(userId, articleRef)
      return repo.ownPlaylistIdsHolding(userId, article.CollectionID)
    },

    async changeArticlePlaylists(userId: number, articleRef: number | string, add: number[], remove: number[] = []): Promise<void> {
      const article = await library.get(userId, articleRef)
      if (!(await repo.changeMembership(userId, article.CollectionID, add, remove))) throw notFound()
    },

    async modify(userId: number, hashId: string, changes: { title?: string; public?: boolean }): Promise<void> {
      if (!(await repo.update(userId, hashId, { title: changes.title, isPublic: changes.public }))) throw notFound()
    },

    /** The owner deletes it for everyone; a user who kept it removes it from their library. */
    async remove(userId: number, hashId: string): Promise<'deleted' | 'removed'> {
      if (await repo.deleteOwned(userId, hashId)) return 'deleted'
      if (await repo.unkeep(userId, hashId)) return 'removed'
      throw notFound()
    },

    async removeItem(userId: number, hashId: string, articleRef: number | string): Promise<void> {
      const playlist = await requireOwned(userId, hashId)
      if (!(await repo.removeItem(playlist.id, articleRef))) throw new NotFoundError(PLAYLIST_MSG.itemNotFound)
    },

    async keep(userId: number, hashId: string): Promise<void> {
      if (await repo.findOwned(userId, hashId)) throw new ConflictError(PLAYLIST_MSG.ownPlaylist)
      if (!(await repo.keep(userId, hashId))) throw notFound()
    },

    /** For the media and storage routes: an address of an article in a public playlist. */
    isSharedAddress: (address: string) => repo.isSharedAddress(address),
    /** For the library's article read: an article in a public playlist. */
    isSharedArticle: (articleId: number) => repo.isSharedArticle(articleId),
  }
}

/**
 * The first free "Untitled Playlist" name among the user's own titles, as a
 * file manager numbers new folders: "Untitled Playlist" itself if free, else
 * "Untitled Playlist 2", 3, ... (the lowest number not in use).
 */
export function untitledName(titles: readonly string[]): string {
  const taken = new Set<number>()
  for (const t of titles) {
    if (t === NEW_PLAYLIST_NAME) taken.add(1)
    const n = t.startsWith(`${NEW_PLAYLIST_NAME} `) ? t.slice(NEW_PLAYLIST_NAME.length + 1) : ''
    if (/^[1-9]\d{0,8}$/.test(n)) taken.add(Number(n))
  }
  let n = 1
  while (taken.has(n)) n++
  return n === 1 ? NEW_PLAYLIST_NAME : `${NEW_PLAYLIST_NAME} ${n}`
}

export type PlaylistsService = ReturnType<typeof createPlaylistsService>
