import { GraduationCap, Pause, Play, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Spinner } from '../../../components/ui/Spinner'
import { formatDuration } from '../../../lib/format'
import { thumbnailUrl } from '../../../lib/thumbnail'
import { audioElementHandlers, useMediaSession } from '../../player/media-session'
import { proxiedMediaUrl } from '../../player/messages'
import { playTarget } from '../episodes'
import { useMarkEnded, type MiniEpisode, type useAddToStudy, type useMiniPlayer } from '../hooks'
import { FEEDS_TEXT } from '../messages'

interface Props {
  episode: MiniEpisode
  /** Changes each time Play is pressed for an episode: the bar (re)starts playing. */
  request: number
  onClose: () => void
  /** The episode was listened to: 90 % of it played, or it played to its end. Told once per Play. */
  onEnded: (episode: MiniEpisode) => void
  onAddToStudy: (episode: MiniEpisode) => void
  /** Add to study is under way for this episode. */
  studying: boolean
}

/**
 * An episode counts as played once this much of it has played, as podcast
 * apps count it: the last minutes are often music or credits, and a learner
 * who stops there has heard it.
 */
export const PLAYED_FRACTION = 0.9

/** Ours: the bar could not load the episode's media. */
const FAILED_TEXT = 'This episode could not be played here. Add it to study to open it in the player.'

const iconButton =
  'inline-flex items-center justify-center rounded-full p-2 text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:text-slate-300 disabled:hover:bg-transparent'

/**
 * The mini player (spec 001 s2): a bar at the bottom with play/pause, a seek
 * slider, the time, a 'school' button that adds the episode to study and
 * opens it in the player, and close. The episode's remote media plays
 * through the server's media proxy.
 */
export function MiniPlayer({ episode, request, onClose, onEnded, onAddToStudy, studying }: Props) {
  const audio = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(episode.duration ?? 0)
  const [failed, setFailed] = useState(false)
  // Counts the element's seeks, so the lock screen's position follows a jump.
  const [seeks, setSeeks] = useState(0)
  const target = playTarget(episode)
  const address = target.kind === 'bar' ? target.address : undefined
  // The episode (and Play) the played mark was sent for: once each, whether at 90 % or at the end.
  const marked = useRef<string>(undefined)
  const listened = () => {
    const key = `${episode.id}:${request}`
    if (marked.current === key) return
    marked.current = key
    onEnded(episode)
  }

  // A new episode starts from its beginning with its own duration.
  useEffect(() => {
    setTime(0)
    setDuration(episode.duration ?? 0)
    setFailed(false)
  }, [episode.id, episode.duration])

  useEffect(() => {
    const el = audio.current
    if (!el) return
    // A refused play (autoplay policy, a media error) is only logged; Play is there to try again.
    el.play().catch((error: unknown) => console.warn('Playback did not start', error))
  }, [request, address])

  const toggle = () => {
    const el = audio.current
    if (!el) return
    if (el.paused) el.play().catch((error: unknown) => console.warn('Playback did not start', error))
    else el.pause()
  }

  // The lock screen and headphones: one episode, so no previous or next track.
  useMediaSession(
    address ? { title: episode.title, show: episode.channel, artwork: thumbnailUrl(episode.image) } : undefined,
    playing,
    audioElementHandlers(audio, { time, duration, setTime }),
    `${seeks}:${duration}`,
  )

  const addToStudy = () => {
    audio.current?.pause()
    onAddToStudy(episode)
  }

  return (
    <section
      aria-label="Mini player"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.15)] backdrop-blur md:left-64"
    >
      {address && (
        <audio
          // One element per episode, so the next one starts clean even at the same address.
          key={episode.id}
          ref={audio}
          src={proxiedMediaUrl(address)}
          preload="metadata"
          aria-label={episode.title}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false)
            listened()
          }}
          onTimeUpdate={(e) => {
            const { currentTime, duration: length } = e.currentTarget
            setTime(currentTime)
            const total = Number.isFinite(length) && length > 0 ? length : episode.duration
            if (total && total > 0 && currentTime >= PLAYED_FRACTION * total) listened()
          }}
          onSeeked={() => setSeeks((n) => n + 1)}
          onLoadedMetadata={(e) => Number.isFinite(e.currentTarget.duration) && setDuration(e.currentTarget.duration)}
          onError={(e) => {
            console.warn('The media could not be loaded', e.currentTarget.error)
            setFailed(true)
          }}
          onCanPlay={() => setFailed(false)}
        />
      )}
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2.5 sm:gap-4 sm:px-6">
        <button
          type="button"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={toggle}
          disabled={!address}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white shadow-sm transition hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:bg-slate-300"
        >
          {playing ? <Pause className="h-5 w-5" aria-hidden="true" /> : <Play className="ml-0.5 h-5 w-5" aria-hidden="true" />}
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" aria-live="polite" data-testid="mini-now-playing">
            <span className="sr-only">Now playing: </span>
            {episode.title}
            <span className="font-normal text-slate-500"> · {episode.channel}</span>
          </p>
          {(failed || !address) && (
            <p role="alert" className="mt-0.5 text-xs text-red-600">
              {FAILED_TEXT}
            </p>
          )}
          <div className={`mt-1 items-center gap-2 text-xs tabular-nums text-slate-500 ${failed || !address ? 'hidden' : 'flex'}`}>
            <span data-testid="mini-time">{formatDuration(time)}</span>
            <input
              type="range"
              aria-label="Seek"
              aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
              min={0}
              max={duration || 0}
              step={0.1}
              value={Math.min(time, duration || 0)}
              disabled={!address}
              onChange={(e) => {
                const at = Number(e.currentTarget.value)
                setTime(at)
                if (audio.current) audio.current.currentTime = at
              }}
              className="h-1 flex-1 cursor-pointer accent-indigo-600"
            />
            <span data-testid="mini-duration">{formatDuration(duration)}</span>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" aria-label={FEEDS_TEXT.addToStudy} title={FEEDS_TEXT.addToStudy} onClick={addToStudy} disabled={studying} aria-busy={studying || undefined} className={iconButton}>
            {studying ? <Spinner className="h-5 w-5" /> : <GraduationCap className="h-5 w-5" aria-hidden="true" />}
          </button>
          <button type="button" aria-label="Close player" title="Close player" onClick={onClose} className={iconButton}>
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  )
}

/**
 * The bar as My Feed and Explore Channels show it: the episode the screen's
 * mini player holds, add to study through the screen's own collect (so a row
 * and the bar share one busy state), marked played when it ends.
 */
export function EpisodeBar({ mini, study }: { mini: ReturnType<typeof useMiniPlayer>; study: ReturnType<typeof useAddToStudy> }) {
  const markEnded = useMarkEnded()
  if (!mini.episode) return null
  return (
    <MiniPlayer
      episode={mini.episode}
      request={mini.request}
      onClose={mini.close}
      onEnded={markEnded}
      onAddToStudy={study.add}
      studying={study.pendingId === mini.episode.id}
    />
  )
}
