import { cueOfMeaning, formatFlashcardSuggestion, partOfSpeech, stamp } from '@lingocast/contract'
import { meaningInSentence, type TranslateMeaning } from '../../vocabulary/meaning-in-sentence'
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
  /** The card's front, and the card as a flashcard block. */
  front: string
  card: string
  /** What the learner's status is kept under (the lookup's lemma). */
  lemma: string
  /** The sense chosen for the context; none for a word read from its parts. */
  sense?: Sense
}

/** A reading translated into the learner's language (the language already chosen). */
type Translate = (found: Parameters<TranslateMeaning>[1], sentence: string) => ReturnType<TranslateMeaning>

interface CardOptions {
  /** The card's back ends with the sentence (a chat suggestion); a flashcard request's card has its context block for that. */
  quoteSentence: boolean
  translate?: Translate | undefined
}

/** The front of the card for a word the tutor picked: a hyphenated word as written, else its base form. */
const frontOf = (word: WordInSentence) => (word.parts ? word.form.toLowerCase() : shownLemma(word))

/** The similar words WordNet supports and an example, under a word's meaning. */
async function moreAbout(wordnet: WordNet, sense: Sense | undefined, example: string | undefined): Promise<string[]> {
  const lines: string[] = []
  const similar = sense ? await supportedSynonyms(wordnet, sense) : []
  if (similar.length > 0) lines.push(`- Similar: ${similar.join(', ')}`)
  if (example) lines.push(`- Another example: ${quote(example)}`)
  return lines
}

/**
 * A hyphenated word's parts, each in the sense `context` gives it, and the
 * lines that explain it by them. A part's usage note ("(`ill' is often used
 * as a combining form)") is what the whole word shows: the meaning is what
 * follows it.
 */
async function byParts(wordnet: WordNet, word: WordInSentence & { parts: WordInSentence[] }, pos: string, context: string, inSentence: boolean) {
  const parts = await Promise.all(
    word.parts.map(async (part) => {
      const sense = await senseInContext(wordnet, part, context)
      return { part, sense: { ...sense, definition: sense.definition.replace(/^\([^)]*\)\s*/, '') || sense.definition } }
    }),
  )
  const lines = [
    `### **${word.form}** · ${pos}`,
    `The offline dictionary has no entry for the whole word; ${inSentence ? 'in this sentence ' : ''}its parts mean:`,
    ...parts.map(({ part, sense }) => `- *${part.form}* (${POS_NAME[sense.pos]}): ${sense.definition}`),
  ]
  return { text: lines.join('\n'), meaning: parts.map(({ part, sense }) => `${part.form}: ${sense.definition}`).join('; ') }
}

/**
 * A word or phrase of the sentence, with its card: the meaning the lookup
 * popover shows for the card's front in this sentence (meaning-in-sentence.ts),
 * so the card never says another reading; undefined when the dictionary has
 * none. A hyphenated word WordNet lacks is explained by its parts.
 * `word` is the tutor's own reading of a word it picked; none for the learner's.
 */
async function explainInSentence(wordnet: WordNet, front: string, sentence: string, word: WordInSentence | undefined, options: CardOptions): Promise<Explained | undefined> {
  const meaning = await meaningInSentence(wordnet, front, sentence)
  const translations = options.translate ? await options.translate(meaning, sentence) : []
  const cue = cueOfMeaning({ ...meaning, translations })
  if (!cue) return undefined
  const card = formatFlashcardSuggestion({ front, back: options.quoteSentence ? `${cue} — ${quote(sentence)}` : cue })
  const pos = partOfSpeech(meaning.sense?.pos ?? meaning.pos)

  if (word?.parts) return { text: (await byParts(wordnet, { ...word, parts: word.parts }, pos, sentence, true)).text, front, card, lemma: meaning.lemma }

  const said = word?.form ?? meaning.word
  const shown = said.toLowerCase() === meaning.lemma ? `**${meaning.lemma}**` : `**${said}** (from *${meaning.lemma}*)`
  const lines = [
    `### ${shown} · ${pos}`,
    ...(translations.length > 0 ? [`In your language: *${translations.map((t) => t.text).join('; ')}*.`] : []),
    ...(meaning.sense ? [`In this sentence it means: *${meaning.sense.gloss}*.`, ...(await moreAbout(wordnet, meaning.wordnetSense, meaning.sense.examples[0]))] : []),
  ]
  return { text: lines.join('\n'), front, card, lemma: meaning.lemma, ...(meaning.wordnetSense ? { sense: meaning.wordnetSense } : {}) }
}

/** A word asked about without a sentence: its most likely sense, read from the question, and a card for it. */
async function explainAlone(wordnet: WordNet, word: WordInSentence, question: string): Promise<Explained> {
  const front = frontOf(word)
  if (word.parts) {
    const pos = POS_NAME[word.hint ?? 'a']
    const { text, meaning } = await byParts(wordnet, { ...word, parts: word.parts }, pos, question, false)
    return { text, front, lemma: word.lemma, card: formatFlashcardSuggestion({ front, back: `(${pos}) ${meaning}` }) }
  }
  const sense = await senseInContext(wordnet, word, question)
  const pos = POS_NAME[sense.pos]
  const shown = word.form.toLowerCase() === shownLemma(word) ? `**${shownLemma(word)}**` : `**${word.form}** (from *${shownLemma(word)}*)`
  const lines = [`### ${shown} · ${pos}`, `Most often it means: *${sense.definition}*.`, ...(await moreAbout(wordnet, sense, sense.examples[0]))]
  return { text: lines.join('\n'), front, lemma: word.lemma, card: formatFlashcardSuggestion({ front, back: `(${pos}) ${sense.definition}` }), sense }
}

export interface ExplainOptions {
  /** A flashcard request (spec 000 s3): propose the card first, explain briefly. */
  wantFlashcards: boolean
  learner?: LearnerWords | undefined
  /** On a flashcard request, the word or phrase the learner picked. */
  front?: string | undefined
  /** Into the learner's language: a card's meaning then comes in it first. */
  translate?: Translate | undefined
}

/**
 * Explain: the harder words of the current segment for this learner, each
 * with its sense here, and a flashcard each. A flashcard request answers
 * with the card first: for the word the learner picked, else for the word of
 * the sentence they know least (by their statuses, then by how rare it is).
 */
export async function explainSegment(wordnet: WordNet, title: string, segment: SegmentContext, options: ExplainOptions): Promise<Blocks> {
  const sentence = segment.current.text.trim()
  const where = title ? ` in *${title}*` : ''
  const { learner } = options
  if (options.wantFlashcards) return proposeCards(wordnet, `A flashcard from **${stamp(segment.current.startMs)}**${where}: ${quote(sentence)}`, sentence, options)

  const blocks: Blocks = [`At **${stamp(segment.current.startMs)}**${where}: ${quote(sentence)}`]
  const explained = await explainAll(wordnet, await pickHardWords(wordnet, sentence, learner), sentence, { quoteSentence: true, translate: options.translate })
  if (explained.length === 0) {
    blocks.push('Every word in this sentence is an everyday word. Listen to it again and repeat it aloud.')
    return blocks
  }
  blocks.push(explained.length === 1 ? 'One word here is worth learning:' : `${explained.length} words here are worth learning:`)
  blocks.push(...explained.map((e) => e.text), '**Suggested flashcards**', ...explained.map((e) => e.card))
  return blocks
}

/** The tutor's words explained in the sentence, in order; a word the lookup finds no meaning for is left out. */
async function explainAll(wordnet: WordNet, words: readonly WordInSentence[], sentence: string, options: CardOptions): Promise<Explained[]> {
  const explained: Explained[] = []
  for (const word of words) {
    const one = await explainInSentence(wordnet, frontOf(word), sentence, word, options)
    if (one) explained.push(one)
  }
  return explained
}

/**
 * A flashcard request: the picked word's card (or the least known word's)
 * first, then up to two more hard words. A picked word or phrase the
 * dictionary has no meaning for gets no card and none of another word
 * instead: the card window would read that card as its meaning.
 */
async function proposeCards(wordnet: WordNet, heading: string, sentence: string, options: ExplainOptions): Promise<Blocks> {
  const blocks: Blocks = [heading]
  const front = options.front?.trim()
  const hard = await pickHardWords(wordnet, sentence, options.learner)
  const card: CardOptions = { quoteSentence: false, translate: options.translate }
  let explained: Explained[]
  if (front) {
    const mine = await explainInSentence(wordnet, front, sentence, undefined, card)
    if (!mine) {
      blocks.push(`I could not find ${quote(front)} in the offline dictionary: write its meaning on the card yourself.`)
      return blocks
    }
    blocks.push('Your word, as this sentence uses it:')
    explained = [mine, ...(await explainAll(wordnet, hard.filter((w) => w.lemma !== mine.lemma && frontOf(w) !== front.toLowerCase()), sentence, card))]
  } else {
    const least = (await leastKnownWords(wordnet, sentence, options.learner, 1))[0]
    explained = await explainAll(wordnet, [...(least ? [least] : []), ...hard.filter((w) => w.lemma !== least?.lemma)], sentence, card)
    const first = explained[0]
    if (first) blocks.push(`The word here you are least likely to know is **${first.front}**:`)
  }
  explained = explained.slice(0, 3)
  if (explained.length === 0) {
    blocks.push('I found no word of this sentence in the offline dictionary: pick the front and write the cue yourself.')
    return blocks
  }
  blocks.push(...explained.map((e) => e.text), '**Suggested flashcards**', ...explained.map((e) => e.card))
  return blocks
}

/** A free question: explain the words it asks about, in the sense of the recent sentence if there is one. */
export async function answerQuestion(wordnet: WordNet, question: string, recentSentence: string | undefined, translate?: Translate): Promise<Blocks> {
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
    // A word of the sentence means what the lookup shows there; a word asked about alone, its most likely sense.
    const explained = (sentence && (await explainInSentence(wordnet, frontOf(word), sentence, word, { quoteSentence: true, translate }))) || (await explainAlone(wordnet, word, sentence ?? question))
    blocks.push(explained.text)
    // Without a sentence to decide the sense, the other common senses too.
    const others = word.senses.filter((s) => s !== explained.sense).slice(0, 3)
    if (!sentence && others.length > 0) blocks.push(['Other meanings:', ...others.map((s) => `- *(${POS_NAME[s.pos]})* ${s.definition}`)].join('\n'))
    cards.push(explained.card)
  }
  blocks.push('**Suggested flashcards**', ...cards)
  return blocks
}
