import { LIBRARY_MSG, type Article } from '@lingocast/contract'
import { NotFoundError } from '../../lib/errors'
import { toArticleDto } from './article-dto'
import { demoArticles } from './demo-content'
import type { LibraryRepo, NewArticle } from './library.repo'
import { parseArticleRef } from '@lingocast/contract'

export function createLibraryService(deps: { repo: LibraryRepo }) {
  const { repo } = deps

  /** First visit: the demo articles, once per user (deleted ones stay deleted). */
  async function ensureSeeded(userId: number) {
    await repo.seedOnce(
      userId,
      demoArticles().map((demo) => ({
        title: demo.title,
        description: demo.description,
        audio: demo.audio,
        plainText: demo.plainText,
        durationSeconds: demo.durationSeconds,
      })),
    )
  }

  async function get(userId: number, ref: number | string): Promise<Article> {
    const row = await repo.findForUser(userId, typeof ref === 'string' ? parseArticleRef(ref) : ref)
    if (!row) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    return toArticleDto(row)
  }

  return {
    async list(userId: number): Promise<Article[]> {
      await ensureSeeded(userId)
      return (await repo.listForUser(userId)).map(toArticleDto)
    },

    get,

    /** The article and whether it is the caller's own; here always theirs (readers that share wrap this). */
    async read(userId: number, ref: number | string): Promise<{ article: Article; isMine: boolean }> {
      return { article: await get(userId, ref), isMine: true }
    },

    /**
     * Another user's article that the caller may read because `mayRead` says
     * so (the playlists feature: a public playlist holds it); undefined
     * otherwise. The owner's own progress is not theirs to see.
     */
    async findReadable(ref: number | string, mayRead: (articleId: number) => Promise<boolean>): Promise<Article | undefined> {
      const row = await repo.findAnyUser(typeof ref === 'string' ? parseArticleRef(ref) : ref)
      if (!row || !(await mayRead(row.id))) return undefined
      return { ...toArticleDto(row), IsFinished: false }
    },

    async setFinished(userId: number, ref: number | string, finished: boolean): Promise<void> {
      if (!(await repo.setFinished(userId, ref, finished))) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    },

    async delete(userId: number, ref: number | string): Promise<void> {
      if (!(await repo.delete(userId, ref))) throw new NotFoundError(LIBRARY_MSG.articleNotFound)
    },

    /** For features that bring new study items (uploads, feeds): saves one into the user's library. */
    async add(userId: number, values: NewArticle): Promise<Article> {
      return toArticleDto(await repo.insert(userId, values))
    },

    /** For the media feature: may this user stream or read the transcript of this address? */
    userHasMedia: (userId: number, address: string) => repo.userHasMedia(userId, address),
    /** For the storage feature: is this stored file part of the user's library? */
    userHasStoredFile: (userId: number, address: string) => repo.userHasStoredFile(userId, address),
  }
}

export type LibraryService = ReturnType<typeof createLibraryService>
