import { MSG, NOTES_CHANGED_AT_HEADER, NOTES_EDITOR_HEADER, NOTES_REVISION_HEADER, notesRoutes as c } from '@lingocast/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { fromContract } from '../../lib/contract-route'
import type { NotesService } from './notes.service'

/** The editor's ordering headers, ignored unless well formed. */
function editorOf(request: FastifyRequest): { editor?: string; revision?: number } {
  const editor = request.headers[NOTES_EDITOR_HEADER]
  const revision = Number(request.headers[NOTES_REVISION_HEADER])
  if (typeof editor !== 'string' || !/^[\w-]{8,64}$/.test(editor) || !Number.isSafeInteger(revision) || revision < 0 || revision > 2 ** 31 - 1) return {}
  return { editor, revision }
}

/** GET/PUT /storage/api/config/{HashID}_outline.txt (spec 000 s7): the notes as plain text. */
export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  app.addHook('preHandler', app.requireUser)

  app.route({
    ...fromContract(c.getNotes),
    handler: async (request, reply) => {
      const text = await notes.read(request.user.id, request.params.file)
      // Plain text, not JSON: the serializer leaves a text/plain string alone.
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text)
    },
  })

  app.route({
    ...fromContract(c.putNotes),
    handler: async (request) => {
      const changedAt = request.headers[NOTES_CHANGED_AT_HEADER]
      await notes.write(request.user.id, request.params.file, { body: request.body, ...editorOf(request) }, typeof changedAt === 'string' ? changedAt : undefined)
      return { success: true as const, msg: MSG.ok }
    },
  })
}
