import { NotFoundError } from '../../lib/errors'
import type { LibraryService } from '../library/library.service'
import type { PlaylistsService } from './playlists.service'

/**
 * What sharing a playlist opens to every signed-in user: its items' articles
 * in the player (read only: marking and deleting stay the owner's), and their
 * media and images. Everything else of the owner's library stays not found.
 */
export function withSharedReads(library: LibraryService, playlists: Pick<PlaylistsService, 'isSharedArticle' | 'isSharedAddress'>) {
  const read: LibraryService['read'] = (userId, ref) =>
    library.get(userId, ref).then(
      (article) => ({ article, isMine: true }),
      async (error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error
        const shared = await library.findReadable(ref, playlists.isSharedArticle)
        if (!shared) throw error
        return { article: shared, isMine: false }
      },
    )
  const readableLibrary: LibraryService = {
    ...library,
    read,
    get: async (userId, ref) => (await read(userId, ref)).article,
  }
  const mediaAccess: Pick<LibraryService, 'userHasMedia' | 'userHasStoredFile'> = {
    userHasMedia: async (userId, address) => (await library.userHasMedia(userId, address)) || playlists.isSharedAddress(address),
    userHasStoredFile: async (userId, address) => (await library.userHasStoredFile(userId, address)) || playlists.isSharedAddress(address),
  }
  return { readableLibrary, mediaAccess }
}
