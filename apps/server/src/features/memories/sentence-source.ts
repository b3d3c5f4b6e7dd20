import { MEMORIES_MSG, type WordTimestamp } from '@lingocast/contract'
import { ValidationError } from '../../lib/errors'
import { clipWindow } from './clip-window'
import type { ClipSource } from './flashcard-row'

export interface SentenceSourceDeps {
  /** The media address of an article the user may read (their own or a shared one); throws not found otherwise. */
  mediaOf(userId: number, articleRef: number | string): Promise<string | null>
  /** The words of the media's transcript spoken in [fromMs, toMs). */
  wordsBetween(address: string, fromMs: number, toMs: number): Promise<WordTimestamp[]>
}

/** Looks further than the stretch asked, so the neighbouring words bound the padding. */
const NEIGHBOURS_MS = 5_000

/**
 * Where a card made from a sentence of an article takes its clip: the
 * article's media, and the stretch of it from the sentence's first word to
 * its last (clip-window.ts). Checked when the card is made, so a card never
 * waits for a clip that cannot be cut.
 */
export function createSentenceSource(deps: SentenceSourceDeps) {
  return async function locate(userId: number, source: { article_id: number | string; start_ms: number; end_ms: number }): Promise<ClipSource> {
    const media = await deps.mediaOf(userId, source.article_id)
    if (!media) throw new ValidationError(MEMORIES_MSG.sourceHasNoWords)
    const words = await deps.wordsBetween(media, Math.max(0, source.start_ms - NEIGHBOURS_MS), source.end_ms + NEIGHBOURS_MS)
    const window = clipWindow(words, source.start_ms, source.end_ms)
    if (!window) throw new ValidationError(MEMORIES_MSG.sourceHasNoWords)
    return { media, ...window }
  }
}

export type SentenceSource = ReturnType<typeof createSentenceSource>
