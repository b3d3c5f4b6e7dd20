import type { TutorProvider } from '../tutor/provider'

/** Long enough for two short sentences; a model that rambles is cut at a word. */
const EXPLANATION_MAX_CHARS = 600

/** What the model is asked: the word in this sentence, briefly, for a learner. */
export function explainWordPrompt(word: string, sentence: string | undefined): string {
  const where = sentence?.trim() ? ` in this sentence: "${sentence.trim()}"` : ''
  return `In one or two short sentences, explain for a learner of English what "${word}" means${where}. Answer with the explanation only.`
}

/**
 * The configured model's short explanation of a word, through the tutor's
 * provider (the same prompt templates, timeouts and budget as the chat). The
 * stream is read whole, up to EXPLANATION_MAX_CHARS, then cut at a word.
 */
export async function explainWithModel(provider: TutorProvider, word: string, sentence: string | undefined, signal: AbortSignal): Promise<string> {
  let text = ''
  for await (const chunk of provider.stream(
    { kind: 'explain', article: { title: '', description: '' }, messages: [{ role: 'user', content: explainWordPrompt(word, sentence) }], wantFlashcards: false },
    signal,
  )) {
    text += chunk
    if (text.length > EXPLANATION_MAX_CHARS) break
  }
  text = text.trim()
  return text.length > EXPLANATION_MAX_CHARS ? `${text.slice(0, EXPLANATION_MAX_CHARS).replace(/\s+\S*$/, '')}…` : text
}
