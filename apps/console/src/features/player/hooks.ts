import { TRANSCRIPT_WINDOW_AHEAD_MS, type Segment } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { fetchTranscriptWindow, mergeWindow, segmentsQuery } from './api'
import { useMediaSession, type NowPlaying } from './media-session'
import type { Player, PlayerState } from './player'
import { nextTarget, previousTarget, replayTarget, toMs, transcriptWindowDue, WindowFetchPacer } from './segments'
import { shortcutFor } from './shortcuts'
import { replayEarlyKeys } from '../../lib/early-keys'

/** Minimum time between on-demand window fetches (spec 000 s9). */
export const WINDOW_FETCH_MIN_INTERVAL_MS = 2_000
/** How often the position is checked for missing transcript while nothing else happens. */
const WINDOW_CHECK_EVERY_MS = 1_000

/**
 * One value derived from the player state. The selector runs on every store
 * change (up to once per frame); the component renders only when its result
 * changes, so selectors return primitives.
 */
export function usePlayerValue<T>(player: Player, selector: (state: PlayerState) => T): T {
  return useSyncExternalStore(player.subscribe, () => selector(player.getState()), () => selector(player.getState()))
}

/**
 * Runs `effect` with each new state, outside React: for what must follow the
 * time every frame (the seek bar's fill, the playhead) without rendering.
 */
export function usePlayerEffect(player: Player, effect: (state: PlayerState) => void): void {
  const latest = useRef(effect)
  useEffect(() => {
    latest.current = effect
  })
  useEffect(() => {
    const run = () => latest.current(player.getState())
    run()
    return player.subscribe(run)
  }, [player])
}

export interface SegmentActions {
  toggle(): void
  previous(): void
  next(): void
  replay(): void
  seekMs(ms: number): void
}

/** The transport's segment moves, reading the live segments and the medium's own clock. */
export function useSegmentActions(player: Player, segments: readonly Segment[]): SegmentActions {
  const latest = useRef(segments)
  useEffect(() => {
    latest.current = segments
  }, [segments])
  return useMemo(() => {
    const now = () => toMs(player.currentTime())
    return {
      toggle: () => player.toggle(),
      previous: () => player.seek(previousTarget(latest.current, now()) / 1000),
      next: () => player.seek(nextTarget(latest.current, now()) / 1000),
      replay: () => {
        player.seek(replayTarget(latest.current, now()) / 1000)
        player.play()
      },
      seekMs: (ms: number) => player.seek(ms / 1000),
    }
  }, [player])
}

/**
 * The article player on the lock screen and headphones: play, pause, seek,
 * and previous/next segment as previous/next track.
 */
export function usePlayerMediaSession(player: Player, nowPlaying: NowPlaying | undefined, actions: SegmentActions): void {
  const playing = usePlayerValue(player, (s) => s.playing)
  // Seeks, rate and duration move the position the browser extrapolates; the ticking time does not.
  const version = usePlayerValue(player, (s) => `${s.seeks}:${s.rate}:${s.duration}`)
  useMediaSession(nowPlaying, playing, {
    play: () => player.play(),
    pause: () => player.pause(),
    seekTo: (seconds) => player.seek(seconds),
    position: () => {
      const { duration, rate } = player.getState()
      return { position: player.currentTime(), duration, rate }
    },
    previous: actions.previous,
    next: actions.next,
  }, version)
}

/** Space, Left, Right and R on the whole page while the player is shown (spec 000 s5); L when a lookup is offered. */
export function usePlayerShortcuts(actions: SegmentActions, enabled: boolean, onLookup?: () => void): void {
  const lookup = useRef(onLookup)
  useEffect(() => {
    lookup.current = onLookup
  })
  useEffect(() => {
    if (!enabled) return
    const onKeyDown = (e: KeyboardEvent) => {
      const shortcut = shortcutFor(e)
      // The Shadow button listens for its own key (features/shadowing).
      if (!shortcut || shortcut === 'shadow') return
      if (shortcut === 'lookup') {
        if (!lookup.current) return
        e.preventDefault()
        return lookup.current()
      }
      // Also keeps Space from scrolling the page or pressing a focused button.
      e.preventDefault()
      actions[shortcut]()
    }
    // A focused button clicks on Space's keyup in some browsers: that press was ours.
    const onKeyUp = (e: KeyboardEvent) => {
      if (shortcutFor(e) === 'toggle') e.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    window.addEventListener('keyup', onKeyUp)
    // A key pressed on the page's first frame, before this listener existed, counts now.
    replayEarlyKeys()
    return () => {
      window.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('keyup', onKeyUp)
    }
  }, [actions, enabled])
}

const NO_SEGMENTS: Segment[] = []

/**
 * The transcript of a media address: the segments query (spinner while it
 * first loads), then windows around the play position fetched on demand while
 * the 30 s ahead has holes or the transcript is still being made, at least 2 s
 * apart (slower while nothing changes), merged into the same list.
 * Failures are only logged (spec 000 s8).
 */
export function useTranscript(address: string | undefined, player: Player, fallbackDurationMs: number) {
  const client = useQueryClient()
  const query = useQuery({ ...segmentsQuery(address ?? ''), enabled: Boolean(address) })
  const segments = query.data?.segments ?? NO_SEGMENTS
  const transcription = query.data?.transcription
  const loaded = query.isSuccess

  const latest = useRef({ segments, transcription, fallbackDurationMs })
  useEffect(() => {
    latest.current = { segments, transcription, fallbackDurationMs }
  }, [segments, transcription, fallbackDurationMs])

  useEffect(() => {
    if (!address || !loaded) return
    const pacer = new WindowFetchPacer(WINDOW_FETCH_MIN_INTERVAL_MS)
    const abort = new AbortController()
    let seeks = player.getState().seeks

    const check = () => {
      const state = player.getState()
      const ms = toMs(state.time)
      const durationMs = state.duration > 0 ? toMs(state.duration) : latest.current.fallbackDurationMs
      if (!transcriptWindowDue(latest.current.segments, latest.current.transcription, ms, TRANSCRIPT_WINDOW_AHEAD_MS, durationMs)) return
      if (!pacer.tryStart(Date.now())) return
      fetchTranscriptWindow(address, ms, abort.signal)
        .then((incoming) => pacer.finish(mergeWindow(client, address, incoming)))
        .catch((error: unknown) => {
          pacer.finish(false)
          if ((error as Error).name !== 'AbortError') console.warn('Failed to fetch the transcript window', error)
        })
    }

    const timer = window.setInterval(check, WINDOW_CHECK_EVERY_MS)
    // A jump lands somewhere new: look there straight away (still 2 s after the last fetch).
    const unsubscribe = player.subscribe(() => {
      const now = player.getState().seeks
      if (now === seeks) return
      seeks = now
      pacer.reset()
      check()
    })
    check()
    return () => {
      window.clearInterval(timer)
      unsubscribe()
      abort.abort()
    }
  }, [address, loaded, player, client])

  return { segments, transcription, loading: Boolean(address) && query.isPending }
}
