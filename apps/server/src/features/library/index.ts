import { defineFeature } from '../../core/define-feature'
import { withSharedReads } from '../playlists'
import { demoArticles } from './demo-content'
import { createLibraryRepo } from './library.repo'
import { libraryRoutes } from './library.routes'
import { createLibraryService, type LibraryService } from './library.service'

declare module 'fastify' {
  interface FastifyInstance {
    library: {
      /** The user's own articles only: what they may change, and what takes and cards are made from. */
      own: LibraryService
      /** Also an article a shared playlist holds, read only: the player and the card clips read through it. */
      readable: LibraryService
      /** Which media addresses and stored files a user may fetch: their own articles' or a shared playlist's. */
      media: Pick<LibraryService, 'userHasMedia' | 'userHasStoredFile'>
    }
  }
}

/** Articles and word collections, the demo articles among them. */
export const libraryFeature = defineFeature({
  name: 'library',
  needs: ['transcription', 'playlists'],
  async register(app, { db }) {
    const own = createLibraryService({ repo: createLibraryRepo(db) })
    const { readableLibrary, mediaAccess } = withSharedReads(own, app.playlists)
    await app.register(libraryRoutes, { library: readableLibrary })
    app.decorate('library', { own, readable: readableLibrary, media: mediaAccess })
    // Once every feature is in: a demo transcript stored is done, and the vocabulary counts its words then.
    app.addHook('onReady', async () => {
      for (const demo of demoArticles()) await app.transcripts.storeIfAbsent(demo.audio, 'demo', demo.segments)
    })
  },
})
