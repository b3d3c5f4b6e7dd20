import { formatFlashcardSuggestion, stamp } from '@lingocast/contract'
import { lemmaOf } from '../../vocabulary/lemmatise'
import type { LearnerWords, SegmentContext } from '../provider'
import {
  leastKnownWords,
  pickHardWords,
  POS_NAME,
  readingsOf,
  resolveCompound,
  resolveWord,
  senseInContext,
  supportedSynonyms,
  tokenize,
  wordsAskedAbout,
  type WordInSentence,
} from './words'
import type { Sense, WordNet } from './wordnet'

/** Everything the offline tutor writes is markdown, block by block, so the console can stream it in. */
export type Blocks = string[]

const quote = (text: string) => `“${text.trim()}”`
const shownLemma = (word: WordInSentence) => word.lemma.replace(/_/g, ' ')

interface Explained {
  text: string
  card: string
  /** The sense chosen for the context; none for a word read from its parts. */
  sense?: Sense
}

interface CardOptions {
  /** The card's back ends with the sentence (a chat suggestion); a flashcard request's card has its context block for that. */
  quoteSentence: boolean
  /** The front as the learner picked it; else the word's lemma. */
  front?: string
}

/**
 * One word: its sense in this sentence, the similar words WordNet supports,
 * an example, and a flashcard for it. A hyphenated word WordNet lacks is
 * explained by its parts.
 */
async function explainWord(wordnet: WordNet, word: WordInSentence, sentence: string | undefined, context: string, options: CardOptions): Promise<Explained> {
  const front = options.front?.trim() || (word.parts ? word.form.toLowerCase() : shownLemma(word))
  const cardOf = (meaning: string) =>
    formatFlashcardSuggestion({ front, back: options.quoteSentence && sentence ? `${meaning} — ${quote(sentence)}` : meaning })

  if (word.parts) {
    const pos = POS_NAME[word.hint ?? 'a']
    // A part's usage note ("(`ill' is often used as a combining form)") is what the whole word shows: the meaning is what follows it.
    const parts = await Promise.all(
      word.parts.map(async (part) => {
        const sense = await senseInContext(wordnet, part, context)
        return { part, sense: { ...sense, definition: sense.definition.replace(/^\([^)]*\)\s*/, '') || sense.definition } }
      }),
    )
    const lines = [
      `### **${word.form}** · ${pos}`,
      `The offline dictionary has no entry for the whole word; ${sentence ? 'in this sentence ' : ''}its parts mean:`,
      ...parts.map(({ part, sense }) => `- *${part.form}* (${POS_NAME[sense.pos]}): ${sense.definition}`),
    ]
    return { text: lines.join('\n'), card: cardOf(`(${pos}) ${parts.map(({ part, sense }) => `${part.form}: ${sense.definition}`).join('; ')}`) }
  }

  const sense = await senseInContext(wordnet, word, context)
  const pos = POS_NAME[sense.pos]
  const shown = word.form.toLowerCase() === shownLemma(word) ? `**${shownLemma(word)}**` : `**${word.form}** (from *${shownLemma(word)}*)`
  const lines = [`### ${shown} · ${pos}`, sentence ? `In this sentence it means: *${sense.definition}*.` : `Most often it means: *${sense.definition}*.`]
  const similar = await supportedSynonyms(wordnet, sense)
  if (similar.length > 0) lines.push(`- Similar: ${similar.join(', ')}`)
  if (sense.examples[0]) lines.push(`- Another example: ${quote(sense.examples[0])}`)
  return { text: lines.join('\n'), card: cardOf(`(${pos}) ${sense.definition}`), sense }
}

/** The word or phrase a learner picked, as WordNet knows it, read as the sentence uses it. */
async function wordForFront(wordnet: WordNet, front: string, sentence: string): Promise<WordInSentence | undefined> {
  const text = front.trim()
  if (/\s/.test(text)) return resolveWord(wordnet, text.replace(/\s+/g, '_'))
  const reading = lemmaOf(text, sentence)
  return (await resolveWord(wordnet, text, undefined, reading)) ?? (await resolveCompound(wordnet, text, reading))
}

export interface ExplainOptions {
  /** A flashcard request (spec 000 s3): propose the card first, explain briefly. */
  wantFlashcards: boolean
  learner?: LearnerWords | undefined
  /** On a flashcard request, the word or phrase the learner picked. */
  front?: string | undefined
}

/**
 * Explain: the harder words of the current segment for this learner, each
 * with its sense here, and a flashcard each. A flashcard request answers
 * with the card first: for the word the learner picked, else for the word of
 * the sentence they know least (by their statuses, then by how rare it is).
 */
export async function explainSegment(wordnet: WordNet, title: string, segment: SegmentContext, options: ExplainOptions): Promise<Blocks> {
  const sentence = segment.current.text.trim()
  const context = [...segment.previous, segment.current, ...segment.next].map((s) => s.text).join(' ')
  const where = title ? ` in *${title}*` : ''
  const { learner } = options
  if (options.wantFlashcards) return proposeCards(wordnet, `A flashcard from **${stamp(segment.current.startMs)}**${where}: ${quote(sentence)}`, sentence, context, options)

  const blocks: Blocks = [`At **${stamp(segment.current.startMs)}**${where}: ${quote(sentence)}`]
  const words = await pickHardWords(wordnet, sentence, learner)
  if (words.length === 0) {
    blocks.push('Every word in this sentence is an everyday word. Listen to it again and repeat it aloud.')
    return blocks
  }
  blocks.push(words.length === 1 ? 'One word here is worth learning:' : `${words.length} words here are worth learning:`)
  const cards: string[] = []
  for (const word of words) {
    const { text, card } = await explainWord(wordnet, word, sentence, context, { quoteSentence: true })
    blocks.push(text)
    cards.push(card)
  }
  blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}

/** A flashcard request: the picked word's card (or the least known word's) first, then up to two more hard words. */
async function proposeCards(wordnet: WordNet, heading: string, sentence: string, context: string, options: ExplainOptions): Promise<Blocks> {
  const blocks: Blocks = [heading]
  const front = options.front?.trim()
  const first = front ? await wordForFront(wordnet, front, sentence) : (await leastKnownWords(wordnet, sentence, options.learner, 1))[0]
  const others = (await pickHardWords(wordnet, sentence, options.learner)).filter((w) => w.lemma !== first?.lemma)
  const words = [...(first ? [first] : []), ...others].slice(0, 3)

  if (front && !first) blocks.push(`I could not find ${quote(front)} in the offline dictionary: write its meaning on the card yourself.`)
  else if (front) blocks.push(`Your word, as this sentence uses it:`)
  else if (first) blocks.push(`The word here you are least likely to know is **${first.parts ? first.form.toLowerCase() : shownLemma(first)}**:`)
  if (words.length === 0) {
    blocks.push('I found no word of this sentence in the offline dictionary: pick the front and write the cue yourself.')
    return blocks
  }
  const cards: string[] = []
  for (const word of words) {
    const { text, card } = await explainWord(wordnet, word, sentence, context, { quoteSentence: false, ...(word === first && front ? { front } : {}) })
    blocks.push(text)
    cards.push(card)
  }
  blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}

/** A free question: explain the words it asks about, in the sense of the recent sentence if there is one. */
export async function answerQuestion(wordnet: WordNet, question: string, recentSentence: string | undefined): Promise<Blocks> {
  const readings = recentSentence ? readingsOf(recentSentence) : new Map()
  const words: Array<{ word: WordInSentence; inSentence: boolean }> = []
  for (const form of wordsAskedAbout(question)) {
    // A word of the recent sentence is read as that sentence uses it ("please" there is the polite adverb).
    const reading = /\s/.test(form.trim()) ? undefined : readings.get(form.toLowerCase().replace(/\u2019/g, "'"))
    const word = reading
      ? ((await resolveWord(wordnet, form, undefined, reading)) ?? (await resolveCompound(wordnet, form, reading)))
      : await resolveWord(wordnet, form.replace(/\s+/g, '_'))
    if (word && !words.some((w) => w.word.lemma === word.lemma)) words.push({ word, inSentence: reading !== undefined })
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
  for (const { word, inSentence } of words) {
    const sentence = inSentence && recentSentence && tokenize(recentSentence).length > 0 ? recentSentence : undefined
    const { text, card, sense } = await explainWord(wordnet, word, sentence, sentence ?? question, { quoteSentence: true })
    blocks.push(text)
    // Without a sentence to decide the sense, the other common senses too.
    const others = word.senses.filter((s) => s !== sense).slice(0, 3)
    if (!sentence && others.length > 0) blocks.push(['Other meanings:', ...others.map((s) => `- *(${POS_NAME[s.pos]})* ${s.definition}`)].join('\n'))
    cards.push(card)
  }
  blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}
