import { Readable } from 'node:stream'
import { improveFlashcardBack as route, MEMORIES_MSG } from '@lingocast/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UpstreamError } from '../../lib/errors'
import type { LibraryService } from '../library/library.service'
import type { ArticleContext, TutorProvider } from '../tutor/provider'
import type { TutorBudget } from '../tutor/tutor-budget'

export interface ImproveFlashcardDeps {
  /** Absent until a tutor is configured: the call then answers 502 with a clear message. */
  tutor: TutorProvider | undefined
  library: LibraryService
  /** Shared with the chat: one budget per user for every call that reaches a model. */
  budget: TutorBudget
}

/** The article's title and plain description, if it is the learner's own; anything else is no context. */
async function articleContext(library: LibraryService, userId: number, ref: string | number | null): Promise<ArticleContext | null> {
  if (ref === null || ref === '') return null
  try {
    const article = await library.get(userId, ref)
    return { title: article.Title, description: article.Description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() }
  } catch {
    // A deleted article, or not the learner's: refine the card without it rather than refuse.
    return null
  }
}

/**
 * POST /english_vocab/api/improve-flashcard-back (spec 001 s7): the tutor's
 * answer streamed as plain text with tagged sections (contract
 * tagged-sections.ts). The first chunk is awaited before the headers go out,
 * so a tutor that fails at once gives an error status rather than an empty 200.
 */
export const improveFlashcardRoutes: FastifyPluginAsyncZod<ImproveFlashcardDeps> = async (app, { tutor, library, budget }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    method: route.method,
    url: route.path,
    schema: { body: route.body },
    preHandler: budget,
    handler: async (request, reply) => {
      if (!tutor) throw new UpstreamError(MEMORIES_MSG.tutorFailed)
      const body = request.body
      const controller = new AbortController()
      // The learner closed the chat or left: stop the provider too.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort()
      })
      const chunks = tutor
        .stream(
          {
            kind: 'improve-flashcard',
            article: await articleContext(library, request.user.id, body.article_id),
            front: body.front,
            context: body.context,
            memorizeCue: body.memorize_cue,
            messages: body.messages,
          },
          controller.signal,
        )
        [Symbol.asyncIterator]()

      let first: IteratorResult<string>
      try {
        first = await chunks.next()
      } catch (error) {
        throw new UpstreamError(MEMORIES_MSG.tutorFailed, { cause: error })
      }
      const log = request.log
      async function* rest() {
        if (!first.done) yield first.value
        try {
          for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value
        } catch (error) {
          if (!controller.signal.aborted) log.warn({ err: error }, 'tutor stream broke off')
        }
      }
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(rest(), { objectMode: false }))
    },
  })
}
