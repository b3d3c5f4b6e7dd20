import { useEffect, useRef } from 'react'
import { useInBrowser } from '../../../lib/in-browser'
import type { Player } from '../player'
import { restorablePosition, savePosition } from '../preferences'

/** Video progress ticks (spec 000 s9): the position is saved on each. */
export const VIDEO_PROGRESS_INTERVAL_MS = 100

interface Props {
  kind: 'audio' | 'video'
  src: string
  player: Player
  /** localStorage key of the saved position. */
  positionKey: string
  className?: string
  /** Accessible name of the element (the article title). */
  label: string
}

/**
 * An <audio> or <video> element driven by the player. While playing, the time
 * is read once per animation frame (timeupdate alone fires only about four
 * times a second, too coarse to light words). The position is saved on every
 * timeupdate for audio and on 100 ms progress ticks for video, and restored
 * when the metadata loads if the saved value is below the duration (spec 000 s4).
 */
export function HtmlMedia({ kind, src, player, positionKey, className = '', label }: Props) {
  const ref = useRef<HTMLAudioElement & HTMLVideoElement>(null)
  const inBrowser = useInBrowser()

  useEffect(() => {
    const el = ref.current
    if (!el) return
    let restored = false
    let raf = 0
    let lastSaved = Number.NaN

    const save = () => {
      // Nothing is saved before the restore: the 0 of a fresh load would overwrite the real position.
      if (!restored || el.currentTime === lastSaved) return
      lastSaved = el.currentTime
      savePosition(positionKey, el.currentTime)
    }
    const frame = () => {
      player.update({ time: el.currentTime })
      raf = requestAnimationFrame(frame)
    }
    const stopLoop = () => cancelAnimationFrame(raf)
    const startLoop = () => {
      stopLoop()
      raf = requestAnimationFrame(frame)
    }
    const finiteDuration = () => (Number.isFinite(el.duration) && el.duration > 0 ? el.duration : 0)

    const onMetadata = () => {
      const duration = finiteDuration()
      player.update({ duration })
      const rate = player.getState().rate
      el.defaultPlaybackRate = rate
      el.playbackRate = rate
      if (!restored) {
        const at = restorablePosition(positionKey, duration)
        if (at !== undefined) {
          el.currentTime = at
          player.update({ time: at })
        }
        restored = true
      }
    }
    const onDuration = () => player.update({ duration: finiteDuration() })
    const onPlay = () => {
      player.update({ playing: true })
      startLoop()
    }
    const onPause = () => {
      stopLoop()
      player.update({ playing: false, time: el.currentTime })
    }
    const onTimeUpdate = () => {
      player.update({ time: el.currentTime })
      if (kind === 'audio') save()
    }
    const onSeeked = () => player.update({ time: el.currentTime })
    const onError = () => console.warn('The media could not be loaded', el.error)

    const listeners: Array<[string, () => void]> = [
      ['loadedmetadata', onMetadata],
      ['durationchange', onDuration],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['timeupdate', onTimeUpdate],
      ['seeked', onSeeked],
      ['error', onError],
    ]
    for (const [name, fn] of listeners) el.addEventListener(name, fn)

    const detach = player.attach({
      play: () => {
        // A refused play (autoplay policy, media error) is only logged (spec 000 s8).
        el.play().catch((error: unknown) => console.warn('Playback did not start', error))
      },
      pause: () => el.pause(),
      seek: (seconds) => {
        el.currentTime = seconds
      },
      setRate: (rate) => {
        el.defaultPlaybackRate = rate
        el.playbackRate = rate
      },
      currentTime: () => el.currentTime,
    })

    const progress = kind === 'video' ? window.setInterval(save, VIDEO_PROGRESS_INTERVAL_MS) : undefined
    // The metadata may have arrived before this effect ran.
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata()
    if (!el.paused) onPlay()

    return () => {
      for (const [name, fn] of listeners) el.removeEventListener(name, fn)
      stopLoop()
      window.clearInterval(progress)
      save()
      detach()
      player.update({ playing: false })
    }
  }, [kind, player, positionKey])

  if (!inBrowser) return null
  if (kind === 'audio') return <audio ref={ref} src={src} preload="metadata" aria-label={label} className={className} />
  return <video ref={ref} src={src} preload="metadata" playsInline aria-label={label} className={className} onClick={() => player.toggle()} />
}
