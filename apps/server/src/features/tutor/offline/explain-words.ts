import { formatFlashcardSuggestion, stamp } from '@lingocast/contract'
import type { SegmentContext } from '../provider'
import { pickHardWords, POS_NAME, readingsOf, resolveWord, senseInContext, tokenize, wordsAskedAbout, type WordInSentence } from './words'
import type { Sense, WordNet } from './wordnet'

/** Everything the offline tutor writes is markdown, block by block, so the console can stream it in. */
export type Blocks = string[]

const quote = (text: string) => `“${text.trim()}”`

/** One word: its sense in this sentence, synonyms, an example, and a flashcard for it. */
function explainWord(word: WordInSentence, sentence: string | undefined, context: string): { text: string; card: string; sense: Sense } {
  const sense = senseInContext(word, context)
  const pos = POS_NAME[sense.pos]
  const shown = word.form.toLowerCase() === word.lemma.replace(/_/g, ' ') ? `**${word.lemma}**` : `**${word.form}** (from *${word.lemma}*)`
  const lines = [`### ${shown} · ${pos}`, sentence ? `In this sentence it means: *${sense.definition}*.` : `Most often it means: *${sense.definition}*.`]
  if (sense.synonyms.length > 0) lines.push(`- Similar: ${sense.synonyms.slice(0, 4).join(', ')}`)
  if (sense.examples[0]) lines.push(`- Another example: ${quote(sense.examples[0])}`)
  const card = formatFlashcardSuggestion({ front: word.lemma.replace(/_/g, ' '), back: sentence ? `(${pos}) ${sense.definition} — ${quote(sentence)}` : `(${pos}) ${sense.definition}` })
  return { text: lines.join('\n'), card, sense }
}

/** Explain: the harder words of the current segment, each with its sense here, and a flashcard each. */
export async function explainSegment(wordnet: WordNet, title: string, segment: SegmentContext, wantFlashcards: boolean): Promise<Blocks> {
  const sentence = segment.current.text.trim()
  const context = [...segment.previous, segment.current, ...segment.next].map((s) => s.text).join(' ')
  const where = title ? ` in *${title}*` : ''
  const blocks: Blocks = [`At **${stamp(segment.current.startMs)}**${where}: ${quote(sentence)}`]

  let words = await pickHardWords(wordnet, sentence)
  if (words.length > 0) {
    blocks.push(words.length === 1 ? 'One word here is worth learning:' : `${words.length} words here are worth learning:`)
  } else {
    // Only everyday words: still offer the least common ones when cards are asked for.
    words = wantFlashcards ? await leastCommon(wordnet, sentence) : []
    blocks.push(words.length > 0 ? 'Every word here is an everyday word; these are the least common ones:' : 'Every word in this sentence is an everyday word. Listen to it again and repeat it aloud.')
  }
  const cards: string[] = []
  for (const word of words) {
    const { text, card } = explainWord(word, sentence, context)
    blocks.push(text)
    cards.push(card)
  }
  if (cards.length > 0) blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}

/** The two rarest content words WordNet knows, however common. */
async function leastCommon(wordnet: WordNet, sentence: string): Promise<WordInSentence[]> {
  const tokens = tokenize(sentence)
  const readings = readingsOf(sentence)
  const found: WordInSentence[] = []
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.length < 4) continue
    const word = await resolveWord(wordnet, tokens[i]!, tokens[i - 1], readings.get(tokens[i]!.toLowerCase()))
    if (word && !found.some((f) => f.lemma === word.lemma)) found.push(word)
  }
  return found.sort((a, b) => a.frequency - b.frequency).slice(0, 2)
}

/** A free question: explain the words it asks about, in the sense of the recent sentence if there is one. */
export async function answerQuestion(wordnet: WordNet, question: string, recentSentence: string | undefined): Promise<Blocks> {
  const words: WordInSentence[] = []
  for (const form of wordsAskedAbout(question)) {
    const word = await resolveWord(wordnet, form.replace(/\s+/g, '_'))
    if (word && !words.some((w) => w.lemma === word.lemma)) words.push(word)
    if (words.length === 3) break
  }
  if (words.length === 0) {
    return [
      'I am the offline tutor: I explain the words of this episode from a dictionary (WordNet), without an AI model.',
      'Ask me about a word, for example *What does “reluctant” mean?*, or press **Explain** under the player to go through the current sentence.',
    ]
  }
  const blocks: Blocks = []
  const cards: string[] = []
  for (const word of words) {
    const inSentence = recentSentence && tokenize(recentSentence.toLowerCase()).includes(word.form.toLowerCase()) ? recentSentence : undefined
    const { text, card, sense } = explainWord(word, inSentence, inSentence ?? question)
    blocks.push(text)
    // Without a sentence to decide the sense, the other common senses too.
    const others = word.senses.filter((s) => s !== sense).slice(0, 3)
    if (!inSentence && others.length > 0) blocks.push(['Other meanings:', ...others.map((s) => `- *(${POS_NAME[s.pos]})* ${s.definition}`)].join('\n'))
    cards.push(card)
  }
  blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}
