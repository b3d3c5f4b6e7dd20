import type { TaggedSection } from '@lingocast/contract'
import type { ImproveFlashcardTask } from '../provider'

/**
 * The tagged sections of improve-flashcard-back (spec 001 s7) as the model is
 * asked to write them; the console reads them with the contract's
 * parseTaggedSections, and the offline tutor writes them with formatTaggedSections.
 */
const tag = (name: TaggedSection) => (text: string) => `<${name}>${text.trim()}</${name}>`
export const IMPROVE_TAGS = {
  reorganizedSentence: tag('ReorganizedSentence'),
  explanation: tag('Explanation'),
  memorizeCue: tag('MemorizeCue'),
}

export function improveFlashcardSystemPrompt(task: ImproveFlashcardTask): string {
  return [
    'You help an English learner refine a flashcard. Reply in simple English with markdown, never raw HTML.',
    task.article ? `The card comes from the episode "${task.article.title}".` : '',
    `Card front: ${task.front}`,
    task.context ? `Card context:\n${task.context}` : '',
    task.memorizeCue ? `Current memorize cue: ${task.memorizeCue}` : '',
    `When you propose changes, write each as a tagged section: ${IMPROVE_TAGS.reorganizedSentence('...')}, ${IMPROVE_TAGS.explanation('...')}, ${IMPROVE_TAGS.memorizeCue('...')}.`,
  ]
    .filter(Boolean)
    .join('\n\n')
}
