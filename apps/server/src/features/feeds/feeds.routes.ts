import { MSG, OPML_MAX_BYTES, SUBSCRIBED_ITEMS_LIMIT, feedRoutes as c } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import type { FeedsService } from './feeds.service'

const ok = { success: true as const, msg: MSG.ok }

/** The channel and feed calls of spec 001 s7, plus played marks, refresh by hand, renaming and OPML. */
export const feedsRoutes: FastifyPluginAsyncZod<{ feeds: FeedsService }> = async (app, { feeds }) => {
  app.addHook('preHandler', app.requireUser)
  // OPML arrives as text, whatever type the browser gives the file.
  app.addContentTypeParser(['application/xml', 'text/xml', 'text/x-opml', 'application/octet-stream'], { parseAs: 'string', bodyLimit: OPML_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body))

  app.route({ ...fromContract(c.rssList), handler: async (request) => ({ ...ok, data: await feeds.list(request.user.id) }) })

  app.route({ ...fromContract(c.rssItems), handler: async (request) => ({ ...ok, items: await feeds.items(request.user.id, request.query.rss_id) }) })

  app.route({ ...fromContract(c.userRssIdList), handler: async (request) => ({ ...ok, data: await feeds.subscribedIds(request.user.id) }) })

  app.route({
    ...fromContract(c.userRssSubscribeItems),
    handler: async (request) => ({ ...ok, items: await feeds.subscribedItems(request.user.id, SUBSCRIBED_ITEMS_LIMIT) }),
  })

  app.route({
    ...fromContract(c.rssSubscribe),
    handler: async (request) => {
      await feeds.subscribe(request.user.id, request.body.rss_id)
      return ok
    },
  })

  app.route({
    ...fromContract(c.rssUnsubscribe),
    handler: async (request) => {
      await feeds.unsubscribe(request.user.id, request.body.rss_id)
      return ok
    },
  })

  app.route({
    ...fromContract(c.importRssChannel),
    handler: async (request) => {
      const channel = await feeds.importChannel(request.user.id, request.body.rss_url)
      return { ...ok, rss_id: channel.id, title: channel.title }
    },
  })

  app.route({
    ...fromContract(c.collectRssItem),
    handler: async (request) => ({ ...ok, article_hash_id: await feeds.collect(request.user.id, request.body.rss_item_id) }),
  })

  app.route({
    ...fromContract(c.rssItemPlayed),
    handler: async (request) => {
      await feeds.setPlayed(request.user.id, request.body.rss_item_id, request.body.played)
      return ok
    },
  })

  app.route({ ...fromContract(c.rssRefresh), handler: async (request) => ({ ...ok, data: await feeds.refreshNow(request.user.id, request.body.rss_id) }) })

  app.route({ ...fromContract(c.rssRename), handler: async (request) => ({ ...ok, data: await feeds.rename(request.user.id, request.body.rss_id, request.body.title) }) })

  app.route({
    ...fromContract(c.exportOpml),
    handler: async (request, reply) => {
      const opml = await feeds.exportOpml(request.user.id)
      return reply.type('text/x-opml; charset=utf-8').header('content-disposition', 'attachment; filename="lingocast-subscriptions.opml"').send(opml)
    },
  })

  app.route({
    ...fromContract(c.importOpml),
    bodyLimit: OPML_MAX_BYTES + 1024,
    handler: async (request) => ({ ...ok, ...(await feeds.importOpml(request.user.id, request.body)) }),
  })
}
