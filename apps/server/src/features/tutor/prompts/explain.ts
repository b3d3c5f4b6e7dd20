import { contextLine, FLASHCARD_FENCE, formatFlashcardSuggestion } from '@lingocast/contract'
import type { ArticleContext, LearnerWords, SegmentContext, TimedLine } from '../provider'

const line = (s: TimedLine) => contextLine({ start: s.startMs, text: s.text })

/** How every tutor writes a flashcard suggestion; the console turns each block into a card with an Add button. */
const FLASHCARD_FORMAT = formatFlashcardSuggestion({ front: 'the word or phrase', back: 'its meaning here, short enough to memorise' })

/** The system prompt of the chat about one episode (spec 000: Chat tab, Explain). */
export function explainSystemPrompt(article: ArticleContext, wantFlashcards: boolean): string {
  return [
    'You are a patient English tutor. The learner is studying an episode (a podcast or video) and asks about its English.',
    `Episode title: ${article.title || '(untitled)'}`,
    article.description ? `Episode description: ${article.description}` : '',
    'Answer in clear, simple English with markdown. Ground every explanation in the exact sentence the learner asks about.',
    'Never write raw HTML.',
    `When a word or phrase is worth memorising, suggest it as a flashcard, one fenced block per card, exactly like this:\n${FLASHCARD_FORMAT}`,
    wantFlashcards
      ? 'This is a flashcard request: propose 1 to 3 flashcards for the current segment and keep the explanation short. The first card is the one the learner will save: for the word or phrase they picked, or else for the word of the current segment they are least likely to know. Write each Back as the meaning in this sentence only; the card keeps the sentence itself.'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/**
 * An Explain turn as the model reads it: the spec's context (m:ss stamps,
 * 5 previous, current, 2 next segments) and what the learner asked.
 */
export function explainUserPrompt(segment: SegmentContext, question: string, wantFlashcards: boolean, learner?: { front?: string | undefined; words?: LearnerWords | undefined }): string {
  const parts = [
    segment.previous.length > 0 ? `Previous segments:\n${segment.previous.map(line).join('\n')}` : '',
    `Current segment:\n${line(segment.current)}`,
    segment.next.length > 0 ? `Next segments:\n${segment.next.map(line).join('\n')}` : '',
    learner?.words ? learnerLine(learner.words) : '',
    wantFlashcards
      ? learner?.front
        ? `The learner picked “${learner.front}”: the first flashcard (\`\`\`${FLASHCARD_FENCE} block) has exactly that as its Front; then suggest others for the words of the current segment worth learning.`
        : `Suggest flashcards (\`\`\`${FLASHCARD_FENCE} blocks) for the words of the current segment worth learning, the one this learner is least likely to know first.`
      : 'Explain the current segment: its meaning, the harder words and phrases in the sense used here, and any grammar worth noticing.',
    question.trim() ? `The learner adds: ${question.trim()}` : '',
  ]
  return parts.filter(Boolean).join('\n\n')
}

/** What the learner has marked among the current segment's words (their own marks only); unmarked words are new to them. */
function learnerLine(words: LearnerWords): string {
  const of = (status: string) => [...words.statuses].filter(([, s]) => s === status).map(([lemma]) => lemma)
  const known = of('known')
  const learning = of('learning')
  const ignored = of('ignored')
  return [
    'The learner\'s words in the current segment (as lemmas; any other word is new to them):',
    `- known: ${known.join(', ') || 'none'}`,
    `- learning: ${learning.join(', ') || 'none'}`,
    ignored.length > 0 ? `- not worth a card for them: ${ignored.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n')
}
