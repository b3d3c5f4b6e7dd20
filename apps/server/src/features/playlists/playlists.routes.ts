import { MSG, playlistRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import type { PlaylistsService } from './playlists.service'

const ok = { success: true as const, msg: MSG.ok }

/** The playlist calls of spec 000 s7, plus keep_playlist for sharing. */
export const playlistsRoutes: FastifyPluginAsyncZod<{ playlists: PlaylistsService }> = async (app, { playlists }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.listPlaylists),
    handler: async (request) => ({ ...ok, playlists: await playlists.list(request.user.id) }),
  })

  app.route({
    ...fromContract(c.newPlaylist),
    handler: async (request) => ({ ...ok, playlist: await playlists.create(request.user.id, request.body.name, request.body.public) }),
  })

  app.route({
    ...fromContract(c.queryPlaylistByArticleId),
    handler: async (request) => ({ ...ok, playlistIDs: await playlists.playlistIdsOf(request.user.id, request.query.article_id) }),
  })

  app.route({
    ...fromContract(c.addArticleToPlaylist),
    handler: async (request) => {
      const { article_id, playlist_ids, remove_playlist_ids } = request.body
      await playlists.changeArticlePlaylists(request.user.id, article_id, playlist_ids, remove_playlist_ids)
      return ok
    },
  })

  app.route({
    ...fromContract(c.playlistDetail),
    handler: async (request) => ({ ...ok, ...(await playlists.detail(request.user.id, request.query.playlist_hash_id)) }),
  })

  app.route({
    ...fromContract(c.modifyPlaylist),
    handler: async (request) => {
      const { playlist_hash_id, title, public: isPublic } = request.body
      await playlists.modify(request.user.id, playlist_hash_id, { title, public: isPublic })
      return ok
    },
  })

  app.route({
    ...fromContract(c.delPlaylist),
    handler: async (request) => {
      await playlists.remove(request.user.id, request.body.playlist_hash_id)
      return ok
    },
  })

  app.route({
    ...fromContract(c.delArticleFromPlaylist),
    handler: async (request) => {
      await playlists.removeItem(request.user.id, request.body.playlist_hash_id, request.body.article_id)
      return ok
    },
  })

  app.route({
    ...fromContract(c.keepPlaylist),
    handler: async (request) => {
      await playlists.keep(request.user.id, request.body.playlist_hash_id)
      return ok
    },
  })
}
