import { formatTaggedSections, parseCardBack } from '@lingocast/contract'
import type { ImproveFlashcardTask } from '../provider'
import { lemmaOf } from '../../vocabulary/lemmatise'
import { resolveWord, POS_NAME, senseInContext, supportedSynonyms } from './words'
import type { Blocks } from './explain-words'
import type { WordNet } from './wordnet'

/** The Sentence of a card's context block (spec 001 s3), read where the block's format is defined. */
function sentenceOf(context: string): string | undefined {
  const block = context.trimStart().startsWith('```') ? context : `\`\`\`context\n${context}\n\`\`\``
  return parseCardBack(block).context?.Sentence?.trim() || undefined
}

/**
 * improve-flashcard-back without a model: the card's word explained in the
 * sense of its sentence, written in the tagged sections the AI would write.
 */
export async function improveFlashcard(wordnet: WordNet, task: ImproveFlashcardTask): Promise<Blocks> {
  const sentence = sentenceOf(task.context)
  const front = task.front.trim()
  // The card's word as its sentence uses it ("left" as leave or as left), when the sentence has it.
  const word = await resolveWord(wordnet, front.replace(/\s+/g, '_'), undefined, lemmaOf(front, sentence))
  if (!word) {
    return [`I could not find “${task.front.trim()}” in the offline dictionary, so I left the card as it is.`]
  }
  const sense = await senseInContext(wordnet, word, sentence ?? task.context)
  const pos = POS_NAME[sense.pos]
  // Only the similar words WordNet supports (not "providentially" for "prudently").
  const cue = [(await supportedSynonyms(wordnet, sense, 3)).join(', '), sense.definition].filter(Boolean).join(' — ')
  // The tagged sections are written where the console's parser is defined (packages/contract).
  return [
    formatTaggedSections(`Here is **${word.lemma.replace(/_/g, ' ')}** (${pos}) as it is used on this card.`, {
      ReorganizedSentence: sentence,
      Explanation: `(${pos}) ${sense.definition}`,
      MemorizeCue: cue,
    }),
  ]
}
