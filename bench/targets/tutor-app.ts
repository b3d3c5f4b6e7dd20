import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { startBenchApp } from './bench-app'

/** The app with AI_BASE_URL pointing at the bench's loopback model, and one article to chat about. */
await startBenchApp({ AI_BASE_URL: process.env.AI_BASE_URL, AI_MODEL: 'bench-model', TUTOR_LIMIT_PER_MINUTE: '1000000' }, async (database, userId) => {
  const article = await createLibraryRepo(database.db).insert(userId, { title: 'Bench episode', description: '<p>An episode.</p>' })
  return { articleId: article.id }
})
