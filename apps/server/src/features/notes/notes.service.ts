import { CHANGE_TIME_MSG, changedAt as changeTime, changeTimeOf, hashIdOfNotesFile, LIBRARY_MSG, NOTES_MSG } from '@lingocast/contract'
import { NotFoundError, ValidationError } from '../../lib/errors'
import type { NotesRepo, NotesSave } from './notes.repo'

/**
 * Notes per user and article (spec 000 s7). A file name that is not
 * `{HashID}_outline.txt`, or names another user's article, is not found:
 * the same HashID in someone else's path reads and writes nothing.
 */
export function createNotesService(deps: { repo: NotesRepo }) {
  const { repo } = deps

  async function articleOf(userId: number, file: string): Promise<number> {
    const hashId = hashIdOfNotesFile(file)
    const articleId = hashId ? await repo.articleIdFor(userId, hashId) : undefined
    if (articleId === undefined) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    return articleId
  }

  return {
    /** The notes text; NotFound when the article has none yet. */
    async read(userId: number, file: string): Promise<string> {
      const body = await repo.read(userId, await articleOf(userId, file))
      if (body === undefined) throw new NotFoundError(NOTES_MSG.notFound)
      return body
    },

    /** `changedAt`: when a save that waited offline was written; newer stored notes then stay. */
    async write(userId: number, file: string, save: NotesSave, changedAt?: string): Promise<void> {
      if (changedAt !== undefined && !changeTime.safeParse(changedAt).success) throw new ValidationError(CHANGE_TIME_MSG.invalid)
      const at = changeTimeOf(changedAt, new Date())
      if (at === 'future') throw new ValidationError(CHANGE_TIME_MSG.future)
      await repo.write(userId, await articleOf(userId, file), at ? { ...save, changedAt: at } : save)
    },
  }
}

export type NotesService = ReturnType<typeof createNotesService>
