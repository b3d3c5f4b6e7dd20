import { deckIdParams, FLASHCARD_AUDIO_PATH, flashcardIdParams, memoriesRoutes as c, MEMORIES_MSG, MSG } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import { sendStored } from '../../lib/send-file'
import type { Storage } from '../../lib/storage'
import type { MemoriesService } from './memories.service'

const ok = { success: true as const, msg: MSG.ok }

/** Decks, flashcards, review and stats (spec 001 s7, /english_vocab/memories/*). */
export const memoriesRoutes: FastifyPluginAsyncZod<{ memories: MemoriesService; storage: Storage }> = async (app, { memories, storage }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.listDecks),
    handler: async (request) => ({ ...ok, decks: await memories.listDecks(request.user.id) }),
  })

  app.route({
    ...fromContract(c.createDeck),
    handler: async (request) => ({ ...ok, deck: await memories.createDeck(request.user.id, request.body.name, request.body.scheduler, request.body.answer_buttons) }),
  })

  app.route({
    ...fromContract(c.listFlashcards),
    handler: async (request) => ({ ...ok, flashcards: await memories.listCards(request.user.id, request.query.deck_id) }),
  })

  app.route({
    ...fromContract(c.createFlashcard),
    handler: async (request) => {
      const { deck_id, front, back, kind, source } = request.body
      return { ...ok, flashcard: await memories.createCard(request.user.id, deck_id, front, back, { kind, source }) }
    },
  })

  /** Contract routes with `:id` in the path: the id is validated like any other input. */
  const withId = <T extends ReturnType<typeof fromContract>>(options: T, params: typeof flashcardIdParams = flashcardIdParams) => ({ ...options, schema: { ...options.schema, params } })

  app.route({
    ...withId(fromContract(c.updateFlashcard)),
    handler: async (request) => {
      const { id } = request.params as { id: number }
      return { ...ok, flashcard: await memories.updateCard(request.user.id, id, request.body.front, request.body.back) }
    },
  })

  app.route({
    ...withId(fromContract(c.deleteFlashcard)),
    handler: async (request) => {
      await memories.deleteCard(request.user.id, (request.params as { id: number }).id)
      return ok
    },
  })

  app.route({
    ...fromContract(c.reviewFlashcard),
    handler: async (request) => {
      const { flashcard_id, rating, time_ms, review_id, answered_at } = request.body
      return { ...ok, updated_flashcard: await memories.review(request.user.id, flashcard_id, rating, { timeMs: time_ms, reviewId: review_id, answeredAt: answered_at }) }
    },
  })

  app.route({
    ...withId(fromContract(c.reviewIntervals)),
    handler: async (request) => ({ ...ok, intervals: await memories.intervals(request.user.id, (request.params as { id: number }).id) }),
  })

  app.route({
    ...withId(fromContract(c.getDeckSettings), deckIdParams),
    handler: async (request) => ({ ...ok, deck: await memories.deckSettings(request.user.id, (request.params as { id: number }).id) }),
  })

  app.route({
    ...withId(fromContract(c.updateDeckSettings), deckIdParams),
    handler: async (request) => ({ ...ok, deck: await memories.updateDeckSettings(request.user.id, (request.params as { id: number }).id, request.body.answer_buttons) }),
  })

  app.route({
    ...fromContract(c.stats),
    handler: async (request) => {
      const { start_date, end_date, tz } = request.query
      return { ...ok, ...(await memories.stats(request.user.id, start_date, end_date, tz)) }
    },
  })

  /** A file download; `fileName` may hold any letter, so it goes in both the plain and the RFC 5987 form. */
  const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
  const deckParam = (request: { params: unknown }) => (request.params as { id: number }).id

  // Plain links download these, so they also accept the Token cookie.
  app.get(c.exportDeckCsv.path, { schema: { params: deckIdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const { fileName, csv } = await memories.exportCsv(request.user.id, deckParam(request))
    return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', attachment(fileName)).send(csv)
  })

  app.get(c.exportDeckApkg.path, { schema: { params: deckIdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const { fileName, data } = await memories.exportApkg(request.user.id, deckParam(request))
    return reply.type('application/octet-stream').header('cache-control', 'no-store').header('content-disposition', attachment(fileName)).send(Buffer.from(data))
  })

  // The card's sentence clip: the src of an <audio>, which sends no header, so the Token cookie counts.
  app.get(FLASHCARD_AUDIO_PATH, { schema: { params: flashcardIdParams }, config: { cookieAuth: true } }, async (request, reply) => {
    const address = await memories.clipOf(request.user.id, (request.params as { id: number }).id)
    // A clip never changes: a card keeps its address for life.
    return sendStored(request, reply, storage, address, MEMORIES_MSG.audioNotFound, 'private, max-age=86400, immutable')
  })

  app.route({
    ...withId(fromContract(c.importDeckCsv), deckIdParams),
    // A 900 KB file in base64 is 1.2 MB, over the app's 1 MiB default.
    bodyLimit: 2 * 1024 * 1024,
    handler: async (request) => ({ ...ok, imported: await memories.importCsv(request.user.id, deckParam(request), request.body) }),
  })
}
