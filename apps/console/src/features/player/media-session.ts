import { useEffect, useRef } from 'react'

/**
 * The lock screen, the notification and headphone buttons: the
 * Media Session API, set by this one hook for every player of the console
 * (the article player, the playlist bar, the mini player). The browser shows
 * what `metadata` says and calls the action handlers; the position state lets
 * it draw the progress without asking us every second.
 */

/** Seconds a "seek backward" moves when the browser names no offset: as podcast apps skip back. */
export const SEEK_BACK_SECONDS = 10
/** Seconds a "seek forward" moves when the browser names no offset. */
export const SEEK_FORWARD_SECONDS = 30
/** Shown as the album on the lock screen, and its picture when the item has none. */
export const APP_NAME = 'Lingocast'
export const APP_ARTWORK = { src: `${import.meta.env.BASE_URL}pwa-512x512.png`, sizes: '512x512', type: 'image/png' }

export interface NowPlaying {
  title: string
  /** The show: a channel, a playlist. */
  show?: string | undefined
  /** The item's thumbnail (a console address), else the app's icon. */
  artwork?: string | undefined
}

export interface PositionSnapshot {
  /** Seconds. */
  position: number
  /** Seconds; 0 while unknown. */
  duration: number
  rate: number
}

export interface MediaSessionHandlers {
  play(): void
  pause(): void
  seekTo(seconds: number): void
  /** Where the medium is now. */
  position(): PositionSnapshot
  /** Previous and next track: a segment in the article player, an item in a playlist; none where there is nothing to move to. */
  previous?: (() => void) | undefined
  next?: (() => void) | undefined
}

/**
 * The handlers of a player that plays one <audio> element (the mini player,
 * the playlist bar): `time` and `duration` are what it shows while the element
 * has no answer yet, `setTime` moves its own time display with a seek.
 */
export function audioElementHandlers(
  audio: { readonly current: HTMLAudioElement | null },
  shown: { time: number; duration: number; setTime: (seconds: number) => void },
): Omit<MediaSessionHandlers, 'previous' | 'next'> {
  return {
    play: () => void audio.current?.play().catch((error: unknown) => console.warn('Playback did not start', error)),
    pause: () => audio.current?.pause(),
    seekTo: (seconds) => {
      if (audio.current) audio.current.currentTime = seconds
      shown.setTime(seconds)
    },
    position: () => {
      const el = audio.current
      return { position: el?.currentTime ?? shown.time, duration: el && Number.isFinite(el.duration) ? el.duration : shown.duration, rate: el?.playbackRate ?? 1 }
    },
  }
}

/** A position state the browser accepts (it throws on a position past the duration, or a duration it cannot use), or undefined while the duration is unknown. */
export function positionStateOf({ position, duration, rate }: PositionSnapshot): MediaPositionState | undefined {
  if (!Number.isFinite(duration) || duration <= 0) return undefined
  const playbackRate = Number.isFinite(rate) && rate > 0 ? rate : 1
  const at = Number.isFinite(position) ? Math.min(Math.max(0, position), duration) : 0
  return { duration, playbackRate, position: at }
}

/** Where a seek action lands, in seconds: clamped to the start, and to the end when it is known. */
export function seekTargetOf(action: 'seekbackward' | 'seekforward' | 'seekto', details: { seekOffset?: number | undefined; seekTime?: number | undefined }, now: PositionSnapshot): number | undefined {
  let target: number
  if (action === 'seekto') {
    if (details.seekTime === undefined || !Number.isFinite(details.seekTime)) return undefined
    target = details.seekTime
  } else {
    const offset = details.seekOffset !== undefined && details.seekOffset > 0 ? details.seekOffset : action === 'seekbackward' ? SEEK_BACK_SECONDS : SEEK_FORWARD_SECONDS
    target = now.position + (action === 'seekbackward' ? -offset : offset)
  }
  const end = Number.isFinite(now.duration) && now.duration > 0 ? now.duration : Number.POSITIVE_INFINITY
  return Math.min(Math.max(0, target), end)
}

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'previoustrack', 'nexttrack'] as const

/** The browser's session, where there is one (not in older browsers, nor outside a window). */
function session(): MediaSession | undefined {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : undefined
}

/** Some browsers throw for an action they do not know: that one is simply not offered. */
function setHandler(media: MediaSession, action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    media.setActionHandler(action, handler)
  } catch {
    // Unsupported action in this browser.
  }
}

/**
 * Sets the session while `nowPlaying` is defined and clears it when the
 * player goes away. `positionVersion` changes whenever the position jumps
 * (a seek, a rate or duration change): the position state is sent again then,
 * and on play and pause; in between the browser moves it by the rate.
 */
export function useMediaSession(nowPlaying: NowPlaying | undefined, playing: boolean, handlers: MediaSessionHandlers, positionVersion: unknown): void {
  const latest = useRef(handlers)
  useEffect(() => {
    latest.current = handlers
  })
  const active = nowPlaying !== undefined
  const { title, show, artwork } = nowPlaying ?? { title: '' }

  useEffect(() => {
    const media = session()
    if (!media || !active || typeof MediaMetadata === 'undefined') return
    const art = artwork ? [{ src: new URL(artwork, document.baseURI).href }] : [{ ...APP_ARTWORK, src: new URL(APP_ARTWORK.src, document.baseURI).href }]
    media.metadata = new MediaMetadata({ title, artist: show ?? '', album: APP_NAME, artwork: art })
    return () => {
      media.metadata = null
    }
  }, [active, title, show, artwork])

  const hasPrevious = Boolean(handlers.previous)
  const hasNext = Boolean(handlers.next)
  useEffect(() => {
    const media = session()
    if (!media || !active) return
    const seek = (details: MediaSessionActionDetails) => {
      const action = details.action as 'seekbackward' | 'seekforward' | 'seekto'
      const target = seekTargetOf(action, details, latest.current.position())
      if (target !== undefined) latest.current.seekTo(target)
    }
    setHandler(media, 'play', () => latest.current.play())
    setHandler(media, 'pause', () => latest.current.pause())
    setHandler(media, 'seekbackward', seek)
    setHandler(media, 'seekforward', seek)
    setHandler(media, 'seekto', seek)
    setHandler(media, 'previoustrack', hasPrevious ? () => latest.current.previous?.() : null)
    setHandler(media, 'nexttrack', hasNext ? () => latest.current.next?.() : null)
    return () => {
      for (const action of ACTIONS) setHandler(media, action, null)
    }
  }, [active, hasPrevious, hasNext])

  useEffect(() => {
    const media = session()
    if (!media || !active) return
    media.playbackState = playing ? 'playing' : 'paused'
    const state = positionStateOf(latest.current.position())
    try {
      if (state) media.setPositionState(state)
    } catch {
      // A browser without position state still shows the metadata and buttons.
    }
    return () => {
      media.playbackState = 'none'
    }
  }, [active, playing, positionVersion])
}
