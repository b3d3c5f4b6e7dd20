import type { Player } from '../../player/player'

/** Slack after the word's end for a medium that reports its time late, before giving up waiting. */
const TIMEOUT_SLACK_MS = 1_500

/**
 * Plays one word from the media, then puts things back as they were: seeks
 * to the word's start and plays; at its end pauses, returns to where the
 * user was and plays on only if it was playing. The user taking over (a
 * seek of their own, a pause mid-word) ends it without restoring anything.
 * Returns a cancel that restores.
 */
export function playWordOnce(player: Player, startMs: number, endMs: number): () => void {
  const before = player.getState()
  const wasPlaying = before.playing
  const backTo = player.currentTime()
  player.seek(startMs / 1000)
  const ownSeeks = player.getState().seeks
  player.play()
  let started = false
  let done = false

  const finish = (restore: boolean) => {
    if (done) return
    done = true
    unsubscribe()
    window.clearTimeout(timer)
    if (!restore) return
    player.pause()
    player.seek(backTo)
    if (wasPlaying) player.play()
  }

  const unsubscribe = player.subscribe(() => {
    const state = player.getState()
    if (state.seeks !== ownSeeks) return finish(false)
    if (state.playing) started = true
    else if (started) return finish(false)
    if (player.currentTime() * 1000 >= endMs) finish(true)
  })
  const rate = before.rate > 0 ? before.rate : 1
  const timer = window.setTimeout(() => finish(true), (endMs - startMs) / rate + TIMEOUT_SLACK_MS)
  return () => finish(true)
}
