import type { PlaylistArticle } from '@lingocast/contract'
import { ListMusic, Pause, Play, SkipBack, SkipForward } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { formatDuration } from '../../../lib/format'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { audioElementHandlers, useMediaSession } from '../../player/media-session'
import { proxiedMediaUrl } from '../../player/messages'
import { barMediaOf, nextPlayable } from '../queue'

interface Props {
  items: readonly PlaylistArticle[]
  /** The ArticleID of the item in the bar (undefined before anything played). */
  currentId: number | undefined
  onCurrentChange: (articleId: number | undefined) => void
  /** The playlist's title: the show on the lock screen. */
  show?: string | undefined
}

const iconButton =
  'inline-flex items-center justify-center rounded-full p-2 text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-300 disabled:hover:bg-transparent'

/**
 * The bar at the bottom of a playlist (spec 000 s2): plays the items in
 * order through one <audio> element and moves to the next item when one
 * ends. Items it cannot play (YouTube videos) are passed over.
 */
export function PlaylistPlayerBar({ items, currentId, onCurrentChange, show }: Props) {
  const audio = useRef<HTMLAudioElement>(null)
  // Set when the next src should start by itself (a click on Play, or the previous item ended).
  const autoplay = useRef(false)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  // Counts the element's seeks, so the lock screen's position follows a jump.
  const [seeks, setSeeks] = useState(0)

  const index = items.findIndex((a) => a.ArticleID === currentId)
  const current = index >= 0 ? items[index] : undefined
  const address = current ? barMediaOf(current) : undefined
  const first = nextPlayable(items, -1)
  const next = nextPlayable(items, index)
  const previous = index > 0 ? nextPlayable(items, index, -1) : -1

  // The item in the bar was removed from the playlist: the bar stops.
  useEffect(() => {
    if (currentId !== undefined && index < 0) onCurrentChange(undefined)
  }, [currentId, index, onCurrentChange])

  useEffect(() => {
    setTime(0)
    setDuration(current?.Duration ?? 0)
    const el = audio.current
    if (!el || !address || !autoplay.current) return
    autoplay.current = false
    // A refused play (autoplay policy, media error) is only logged (spec 000 s8).
    el.play().catch((error: unknown) => console.warn('Playback did not start', error))
    // Only another item restarts playback; a refetched list with the same item does not.
  }, [address, currentId])

  const go = (target: number) => {
    if (target < 0) return
    autoplay.current = true
    onCurrentChange(items[target]!.ArticleID)
  }

  const toggle = () => {
    const el = audio.current
    if (!current) return go(first)
    if (!el) return
    if (el.paused) el.play().catch((error: unknown) => console.warn('Playback did not start', error))
    else el.pause()
  }

  const onEnded = () => {
    setPlaying(false)
    if (next >= 0) go(next)
  }

  // The lock screen and headphones: the items are its tracks.
  useMediaSession(
    current ? { title: current.Title, show, artwork: thumbnailUrl(current.Thumbnail, current.Video) } : undefined,
    playing,
    {
      ...audioElementHandlers(audio, { time, duration, setTime }),
      previous: previous >= 0 ? () => go(previous) : undefined,
      next: next >= 0 ? () => go(next) : undefined,
    },
    `${seeks}:${duration}`,
  )

  const disabled = first < 0
  return (
    <section
      aria-label="Playlist player"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.15)] backdrop-blur md:left-64"
    >
      {address && (
        <audio
          // One element per item, so the next one starts from its beginning even with the same address.
          key={currentId}
          ref={audio}
          src={proxiedMediaUrl(address)}
          preload="metadata"
          aria-label={current?.Title}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={onEnded}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={() => setSeeks((n) => n + 1)}
          onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
          onError={(e) => console.warn('The media could not be loaded', e.currentTarget.error)}
        />
      )}
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2.5 sm:gap-4 sm:px-6">
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" aria-label="Previous item" className={iconButton} disabled={previous < 0} onClick={() => go(previous)}>
            <SkipBack className="h-4 w-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={playing ? 'Pause' : 'Play'}
            disabled={disabled}
            onClick={toggle}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:bg-slate-300"
          >
            {playing ? <Pause className="h-5 w-5" aria-hidden="true" /> : <Play className="ml-0.5 h-5 w-5" aria-hidden="true" />}
          </button>
          <button type="button" aria-label="Next item" className={iconButton} disabled={next < 0} onClick={() => go(next)}>
            <SkipForward className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" aria-live="polite" data-testid="now-playing">
            {current ? (
              <>
                <span className="sr-only">Now playing: </span>
                {current.Title}
              </>
            ) : disabled ? (
              'Nothing here can play in the bar'
            ) : (
              <span className="inline-flex items-center gap-1.5 text-slate-500">
                <ListMusic className="h-4 w-4" aria-hidden="true" />
                Play the playlist in order
              </span>
            )}
          </p>
          {current && (
            <div className="mt-1 flex items-center gap-2 text-xs tabular-nums text-slate-500">
              <span>{formatDuration(time)}</span>
              <input
                type="range"
                aria-label="Seek"
                min={0}
                max={duration || 0}
                step={0.1}
                value={Math.min(time, duration || 0)}
                onChange={(e) => {
                  if (audio.current) audio.current.currentTime = Number(e.currentTarget.value)
                }}
                className="h-1 flex-1 cursor-pointer accent-indigo-600"
              />
              <span>{formatDuration(duration)}</span>
              <span className="hidden sm:inline">
                · {index + 1} of {items.length}
              </span>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
