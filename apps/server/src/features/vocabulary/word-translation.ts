import type { TutorProvider } from '../tutor/provider'

/** A word's meaning is a few words; a sentence's translation about as long as the sentence. Longer answers are cut at a word. */
const WORD_MAX_CHARS = 200
const SENTENCE_MAX_CHARS = 2500

const quoted = (text: string) => `"${text.trim().replace(/\s+/g, ' ')}"`

/** What the model is asked for a word: its meaning in this sentence, in the learner's language, nothing else. */
export function translateWordPrompt(word: string, sentence: string | undefined, language: string): string {
  const where = sentence?.trim() ? ` as it is used in this sentence: ${quoted(sentence)}` : ''
  return `Translate the English word or phrase ${quoted(word)}${where} into ${language}. Give only its meaning in this sense, in one to five ${language} words, with no explanation, quotes or notes.`
}

/** What the model is asked for a sentence: its translation, nothing else. */
export function translateSentencePrompt(sentence: string, language: string): string {
  return `Translate this English sentence into ${language}. Answer with the translation only, without quotes or notes: ${quoted(sentence)}`
}

/**
 * The configured model's answer to one prompt, read whole through the
 * tutor's provider (its timeouts; the route spends the tutor's budget), cut
 * at a word past `max` characters, without wrapping quotes.
 */
export async function askModel(provider: TutorProvider, prompt: string, max: number, signal: AbortSignal): Promise<string> {
  let text = ''
  for await (const chunk of provider.stream({ kind: 'explain', article: { title: '', description: '' }, messages: [{ role: 'user', content: prompt }], wantFlashcards: false }, signal)) {
    text += chunk
    if (text.length > max) break
  }
  text = text.trim().replace(/^["“„«»]+|["”“«»]+$/g, '').trim()
  return text.length > max ? `${text.slice(0, max).replace(/\s+\S*$/, '')}…` : text
}

export const modelTranslateWord = (provider: TutorProvider, word: string, sentence: string | undefined, language: string, signal: AbortSignal) =>
  askModel(provider, translateWordPrompt(word, sentence, language), WORD_MAX_CHARS, signal)

export const modelTranslateSentence = (provider: TutorProvider, sentence: string, language: string, signal: AbortSignal) =>
  askModel(provider, translateSentencePrompt(sentence, language), SENTENCE_MAX_CHARS, signal)
