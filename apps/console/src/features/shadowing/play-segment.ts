import type { Segment } from '@lingocast/contract'
import type { Player } from '../player/player'

/**
 * Plays the speaker's segment in the player and resolves when it has been
 * heard (the play position passed its end), pausing there. Resolves anyway
 * after the segment's length and some slack, so a medium that does not play
 * (blocked autoplay, gone offline) never leaves the learner waiting.
 */
export function playSegment(player: Player, segment: Segment, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const endS = segment.end / 1000
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      unsubscribe()
      clearTimeout(timeout)
      clearInterval(poll)
      player.pause()
      resolve()
    }
    const check = () => {
      if (player.currentTime() >= endS) finish()
    }
    const unsubscribe = player.subscribe(check)
    // The store updates per animation frame only while the tab is visible: the medium's own clock is read too.
    const poll = setInterval(check, 100)
    const timeout = setTimeout(finish, (segment.end - segment.start) / (player.getState().rate || 1) + 4000)
    signal?.addEventListener('abort', finish, { once: true })
    player.seek(segment.start / 1000)
    player.play()
  })
}
