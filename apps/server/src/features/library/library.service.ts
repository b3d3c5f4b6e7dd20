import { LIBRARY_MSG, libraryRoutes, MSG, type Article } from '@lingocast/contract'
import { LRUCache } from 'lru-cache'
import { NotFoundError } from '../../lib/errors'
import { serialiseWith, type SerialisedJson } from '../../lib/serialised-json'
import { toArticleDto } from './article-dto'
import { demoArticles } from './demo-content'
import type { LibraryRepo, NewArticle } from './library.repo'
import { parseArticleRef } from '@lingocast/contract'

/** Bytes of serialised library lists kept in memory (a 1,000-article list without texts is about 200 KB). */
const LISTS_CACHED_BYTES = 32_000_000

type ListBody = SerialisedJson<{ success: true; collections: Article[]; msg: 'ok' }>

export function createLibraryService(deps: { repo: LibraryRepo }) {
  const { repo } = deps
  // A user's claim on the demo articles is never undone: once seen, later reads skip the seeding transaction.
  const seeded = new Set<number>()

  /**
   * word_collections as sent, per user and library version: the version is
   * moved on in the same transaction as any write of the user's articles, by
   * whichever process, so one indexed read tells whether the text kept is
   * still the answer (decision 0017). Concurrent misses build it once.
   */
  const buildList = async (userId: number): Promise<ListBody> =>
    serialiseWith(libraryRoutes.wordCollections.response, { success: true, collections: (await repo.listForUser(userId)).map(toArticleDto), msg: MSG.ok })
  const lists = new LRUCache<string, ListBody, number>({
    maxSize: LISTS_CACHED_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
    fetchMethod: (_key, _stale, { context: userId }) => buildList(userId),
  })

  /** First visit: the demo articles, once per user (deleted ones stay deleted). */
  async function ensureSeeded(userId: number) {
    if (seeded.has(userId)) return
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
    seeded.add(userId)
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

    /** The word_collections answer, serialised: the same as `list` gives, kept while the user's articles do not change. */
    async listBody(userId: number): Promise<ListBody> {
      await ensureSeeded(userId)
      // Read before the articles: a write between the two makes the version newer than the text, and the next read builds it again.
      const version = await repo.libraryVersion(userId)
      if (version === undefined) return buildList(userId)
      return (await lists.fetch(`${userId}@${version}`, { context: userId }))!
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
