import { useEffect, useRef, useState } from 'react'
import type { Player } from '../player'
import { restorablePosition, savePosition } from '../preferences'
import { loadYouTubeApi, YT_STATE, type YTPlayer } from '../youtube-api'

/** YouTube position save interval (spec 000 s9). */
export const YOUTUBE_SAVE_INTERVAL_MS = 250

interface Props {
  videoId: string
  player: Player
  positionKey: string
}

/**
 * A YouTube video through the iframe API. Play sets playing; pause, end and
 * buffering set not playing (spec 000 s4). The position is saved every 250 ms
 * and restored when the player is ready, if below the duration.
 */
export function YouTubeMedia({ videoId, player, positionKey }: Props) {
  const host = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const box = host.current
    if (!box) return
    let cancelled = false
    let yt: YTPlayer | undefined
    let ready = false
    let raf = 0
    let saveTimer: number | undefined
    let detach: (() => void) | undefined

    const frame = () => {
      if (yt && ready) player.update({ time: yt.getCurrentTime() })
      raf = requestAnimationFrame(frame)
    }

    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return
        // The API replaces this element with its iframe; React does not own it.
        const mount = document.createElement('div')
        box.append(mount)
        yt = new YT.Player(mount, {
          videoId,
          width: '100%',
          height: '100%',
          playerVars: { playsinline: 1, rel: 0, modestbranding: 1 },
          events: {
            onReady: ({ target }) => {
              if (cancelled) return
              ready = true
              const duration = target.getDuration() || 0
              player.update({ duration })
              const at = restorablePosition(positionKey, duration)
              if (at !== undefined) {
                target.seekTo(at, true)
                player.update({ time: at })
              }
              detach = player.attach({
                play: () => target.playVideo(),
                pause: () => target.pauseVideo(),
                seek: (seconds) => target.seekTo(seconds, true),
                setRate: (rate) => target.setPlaybackRate(rate),
                currentTime: () => target.getCurrentTime(),
              })
              saveTimer = window.setInterval(() => savePosition(positionKey, target.getCurrentTime()), YOUTUBE_SAVE_INTERVAL_MS)
            },
            onStateChange: ({ data, target }) => {
              const playing = data === YT_STATE.playing
              player.update({ playing, time: target.getCurrentTime(), duration: target.getDuration() || player.getState().duration })
              cancelAnimationFrame(raf)
              if (playing) raf = requestAnimationFrame(frame)
            },
            onError: ({ data }) => console.warn('YouTube player error', data),
          },
        })
      })
      .catch((error: unknown) => {
        console.error(error)
        if (!cancelled) setFailed(true)
      })

    return () => {
      cancelled = true
      cancelAnimationFrame(raf)
      window.clearInterval(saveTimer)
      detach?.()
      player.update({ playing: false })
      yt?.destroy()
      box.replaceChildren()
    }
  }, [videoId, player, positionKey])

  return (
    <div className="absolute inset-0">
      <div ref={host} className="h-full w-full [&>iframe]:h-full [&>iframe]:w-full" />
      {failed && (
        <p role="alert" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-300">
          The YouTube player could not be loaded.
        </p>
      )}
    </div>
  )
}
