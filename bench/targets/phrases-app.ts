import type { Segment } from '@lingocast/contract'
import { createLibraryRepo } from '../../apps/server/src/features/library/library.repo'
import { createTranscriptsRepo } from '../../apps/server/src/features/media/transcripts.repo'
import { startBenchApp } from './bench-app'

/**
 * The real app whose user has ARTICLES articles, each with a done transcript
 * of about 10,000 words of plain spoken English (the sentences below, each
 * article from another one on), so the learner's phrases are
 * looked for in text the lemmatiser reads, as in a library of podcast episodes.
 */
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100)
const WORDS = 10_000

const sentences = [
  "So we were really looking forward to the trip, and then it rained the whole week.",
  'In spite of the weather, they went out and walked along the river for hours.',
  "I don't think she was ever told what happened to the money after that.",
  'He looked forward to the weekend, but his boss kept calling him about the report.',
  'The children were running around the garden while their parents talked about work.',
  "We'll come back to that question later, because it matters more than it seems.",
  'She turned up at the station an hour early and waited for the last train.',
  'Most people never find out how much their houses are worth until they sell them.',
  'They had been made to feel welcome, even though nobody knew who they were.',
  'Let me put it another way: the plan works only if everyone keeps their word.',
  'At the end of the day, what you read every morning shapes how you think.',
  'He gave up smoking last year and says he has never felt better.',
  'The mice had eaten through the bags of flour in the cellar by spring.',
  'If you look at the numbers, the story is not as simple as the headline says.',
  "Honestly, I'd rather listen to the whole episode again than read a summary.",
]

await startBenchApp({}, async (database, userId) => {
  const transcripts = createTranscriptsRepo(database.db)
  const library = createLibraryRepo(database.db)
  for (let a = 0; a < ARTICLES; a++) {
    const segments: Segment[] = []
    let words = 0
    for (let i = 0; words < WORDS; i++) {
      const text = sentences[(a * 7 + i) % sentences.length]!
      words += text.split(/\s+/).length
      segments.push({ start: i * 3000, end: i * 3000 + 3000, text, word_timestamps: [] })
    }
    const audio = `http://bench.test/phrases-${Date.now()}-${a}.mp3`
    await transcripts.storeIfAbsent(audio, 'publisher', segments)
    await library.insert(userId, { title: `Episode ${a + 1}`, audio })
  }
  return { articles: ARTICLES }
})
