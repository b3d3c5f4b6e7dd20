import { defineFeature } from '../../core/define-feature'
import { createPlaylistsRepo } from './playlists.repo'
import { playlistsRoutes } from './playlists.routes'
import { createPlaylistsService, type PlaylistsService } from './playlists.service'

export { withSharedReads } from './shared-access'

declare module 'fastify' {
  interface FastifyInstance {
    /** Playlists, and which articles and media a shared one opens to every signed-in user. */
    playlists: PlaylistsService
  }
}

/** Playlists of the user's articles, shareable read-only by link. */
export const playlistsFeature = defineFeature({
  name: 'playlists',
  // Ownership is checked with the library's own, user-scoped reads, when a playlist is changed.
  later: ['library'],
  async register(app, { db }) {
    const playlists = createPlaylistsService({ repo: createPlaylistsRepo(db), library: { get: (userId, ref) => app.library.own.get(userId, ref) } })
    await app.register(playlistsRoutes, { playlists })
    app.decorate('playlists', playlists)
  },
})
