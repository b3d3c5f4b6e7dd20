import { defineFeature } from '../../core/define-feature'
import type { LibraryService } from '../library/library.service'
import { mediaRoutes } from './media.routes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Which media and stored files a user may fetch: their library's, a shared playlist's, a visible feed episode's. */
    mediaAccess: Pick<LibraryService, 'userHasMedia' | 'userHasStoredFile'>
  }
}

/** The media proxy (ranges, thumbnails, media info) and the transcript calls of the player. */
export const mediaFeature = defineFeature({
  name: 'media',
  needs: ['transcription', 'library', 'feeds'],
  async register(app, { storage, safeFetch, fileCache, mediaCache }) {
    const libraryMedia = app.library.media
    // An episode of a channel the user sees plays in the mini player before it is in their library.
    const mediaAccess: typeof libraryMedia = {
      ...libraryMedia,
      userHasMedia: async (userId, address) => (await libraryMedia.userHasMedia(userId, address)) || app.isVisibleEpisodeMedia(userId, address),
    }
    app.decorate('mediaAccess', mediaAccess)
    await app.register(mediaRoutes, { library: mediaAccess, transcripts: app.transcripts, transcription: app.transcription, storage, safeFetch, cache: fileCache, mediaCache })
  },
})
