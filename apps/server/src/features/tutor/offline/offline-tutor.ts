import type { TranslateMeaning } from '../../vocabulary/meaning-in-sentence'
import type { ExplainTask, TutorProvider, TutorTask } from '../provider'
import { answerQuestion, explainSegment, type Blocks } from './explain-words'
import { improveFlashcard } from './improve-flashcard'
import { createWordNet, type WordNet } from './wordnet'

/** The sentence the conversation was last about: the latest Explain turn's current segment. */
function recentSentence(task: ExplainTask): string | undefined {
  for (let i = task.messages.length - 1; i >= 0; i--) {
    const segment = task.messages[i]!.segment
    if (segment) return segment.current.text
  }
  return undefined
}

async function write(wordnet: WordNet, task: TutorTask, translate: TranslateMeaning | undefined): Promise<Blocks> {
  if (task.kind === 'improve-flashcard') return improveFlashcard(wordnet, task)
  const last = task.messages.at(-1)
  const language = task.learnerLanguage
  const inLanguage = language && translate ? { translate: (found: Parameters<TranslateMeaning>[1], sentence: string) => translate(language, found, sentence) } : {}
  if (last?.segment) return explainSegment(wordnet, task.article.title, last.segment, { wantFlashcards: task.wantFlashcards, learner: task.learner, front: task.front, ...inLanguage })
  return answerQuestion(wordnet, last?.content ?? '', recentSentence(task), inLanguage.translate)
}

/**
 * The built-in tutor used when no AI is configured (ARCHITECTURE.md s6):
 * WordNet explanations in the same markdown and flashcard format as the AI,
 * streamed block by block so the console shows it the same way. With
 * `translate`, a card's meaning comes in the learner's language first, as
 * the lookup popover shows it.
 */
export function createOfflineTutor(wordnet: WordNet = createWordNet(), translate?: TranslateMeaning): TutorProvider {
  return {
    name: 'offline',
    async *stream(task, signal) {
      const blocks = (await write(wordnet, task, translate)).filter((b) => b.trim() !== '')
      for (const [i, block] of blocks.entries()) {
        if (signal.aborted) return
        yield (i === 0 ? '' : '\n\n') + block
      }
    },
  }
}
