import { LIBRARY_MSG, type Article } from '@lingocast/contract'
import { NotFoundError } from '../../lib/errors'
import { toArticleDto } from './article-dto'
import { demoArticles } from './demo-content'
import type { LibraryRepo } from './library.repo'
import { parseArticleRef } from '@lingocast/contract'

export function createLibraryService(deps: { repo: LibraryRepo }) {
  const { repo } = deps

  /** First visit: the demo articles, once per user (deleted ones stay deleted). */
  async function ensureSeeded(userId: number) {
    if (!(await repo.claimSeed(userId))) return
    for (const demo of demoArticles()) {
      await repo.insert(userId, {
        title: demo.title,
        description: demo.description,
        audio: demo.audio,
        plainText: demo.plainText,
        durationSeconds: demo.durationSeconds,
      })
    }
  }

  return {
    async list(userId: number): Promise<Article[]> {
      await ensureSeeded(userId)
      return (await repo.listForUser(userId)).map(toArticleDto)
    },

    async get(userId: number, ref: number | string): Promise<Article> {
      const row = await repo.findForUser(userId, typeof ref === 'string' ? parseArticleRef(ref) : ref)
      if (!row) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
      return toArticleDto(row)
    },

    async setFinished(userId: number, ref: number | string, finished: boolean): Promise<void> {
      if (!(await repo.setFinished(userId, ref, finished))) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    },

    async delete(userId: number, ref: number | string): Promise<void> {
      if (!(await repo.delete(userId, ref))) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    },

    /** For the media feature: may this user stream or read the transcript of this address? */
    userHasMedia: (userId: number, address: string) => repo.userHasMedia(userId, address),
    /** For the storage feature: is this stored file part of the user's library? */
    userHasStoredFile: (userId: number, address: string) => repo.userHasStoredFile(userId, address),
  }
}

export type LibraryService = ReturnType<typeof createLibraryService>
