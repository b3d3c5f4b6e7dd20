import type { PlaylistArticle } from '@lingocast/contract'
import { youTubeId } from '../player/messages'

/**
 * What the player bar can play of an item: its audio, else a video file (an
 * <audio> element plays a video's sound). A YouTube video plays only in the
 * article player, so the bar passes over it.
 */
export function barMediaOf(item: Pick<PlaylistArticle, 'Audio' | 'Video'>): string | undefined {
  const audio = item.Audio?.trim()
  if (audio) return audio
  const video = item.Video?.trim()
  return video && !youTubeId(video) ? video : undefined
}

/** Index of the first playable item after `from` (before it when `step` is -1), or -1. */
export function nextPlayable(items: ReadonlyArray<Pick<PlaylistArticle, 'Audio' | 'Video'>>, from: number, step: 1 | -1 = 1): number {
  for (let i = from + step; i >= 0 && i < items.length; i += step) {
    if (barMediaOf(items[i]!)) return i
  }
  return -1
}
