import { MSG, vocabularyRoutes as c, WORD_IMPORT_MAX_BYTES } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import type { WordsService } from './words.service'

const ok = { success: true as const, msg: MSG.ok }

/** The Vocabulary screen's calls: list, change status, the learner's hint, import, export, and the known-words line. */
export const wordsRoutes: FastifyPluginAsyncZod<{ words: WordsService }> = async (app, { words }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.listWords),
    handler: async (request) => ({ ...ok, ...(await words.list(request.user.id, request.query)) }),
  })

  app.route({
    ...fromContract(c.setWordStatus),
    handler: async (request) => ({ ...ok, changed: await words.setStatus(request.user.id, request.body.words, request.body.status, request.body.level, request.body.changed_at) }),
  })

  app.route({
    ...fromContract(c.setWordHint),
    handler: async (request) => ({ ...ok, ...(await words.setHint(request.user.id, request.body.word, request.body.hint)) }),
  })

  app.route({
    ...fromContract(c.importWords),
    // A whole LingQ or Lute export in JSON: its newlines and quotes escaped can double its size.
    bodyLimit: 3 * WORD_IMPORT_MAX_BYTES,
    handler: async (request) => ({ ...ok, ...(await words.import(request.user.id, request.body.text, request.body.status)) }),
  })

  // A plain link downloads it, so it also accepts the Token cookie.
  app.get(c.exportWords.path, { config: { cookieAuth: true } }, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="vocabulary.csv"')
      .send(await words.exportCsv(request.user.id)),
  )

  app.route({
    ...fromContract(c.knownWordsHistory),
    handler: async (request) => ({ ...ok, days: await words.knownHistory(request.user.id, request.query.start_date, request.query.end_date) }),
  })
}
