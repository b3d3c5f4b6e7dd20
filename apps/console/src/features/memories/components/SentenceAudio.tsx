import type { Flashcard } from '@lingocast/contract'
import { LoaderCircle, Volume2 } from 'lucide-react'
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { useInBrowser } from '../../../lib/in-browser'
import { MEMORIES_TEXT } from '../messages'

export interface SentenceAudioHandle {
  play(): void
}

interface Props {
  audio: NonNullable<Flashcard['audio']>
  /** Plays once when the card appears. */
  autoplay: boolean
  /** The big round button of a listening card's front, instead of the small one beside the front word. */
  large?: boolean
}

/**
 * The card's sentence clip: a play button (from the start each time) and the
 * <audio> it drives. A clip still being cut or that could not be cut shows
 * why instead of a button that does nothing.
 */
export const SentenceAudio = forwardRef<SentenceAudioHandle, Props>(function SentenceAudio({ audio, autoplay, large = false }, ref) {
  const element = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const inBrowser = useInBrowser()
  const play = () => {
    const el = element.current
    if (!el) return
    el.currentTime = 0
    // A browser may refuse to play before the first gesture on the page: the button is still there.
    el.play().catch(() => undefined)
  }
  useImperativeHandle(ref, () => ({ play }))
  useEffect(() => {
    if (autoplay && audio.url) play()
    // Once per card (the parent keys this component by card), not again when the choice changes mid-card.
  }, [])

  if (audio.status !== 'ready' || !audio.url) {
    return (
      <p className="flex items-center justify-center gap-1.5 text-xs text-slate-400" data-testid="card-audio-status">
        {audio.status === 'pending' && <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />}
        {audio.status === 'pending' ? MEMORIES_TEXT.audioPending : MEMORIES_TEXT.audioFailed}
      </p>
    )
  }
  const size = large ? 'h-16 w-16' : 'h-9 w-9'
  return (
    <>
      <button
        type="button"
        onClick={play}
        aria-label={MEMORIES_TEXT.playSentence}
        title={`${MEMORIES_TEXT.playSentence} (R)`}
        className={`inline-flex ${size} shrink-0 items-center justify-center rounded-full ${playing ? 'bg-indigo-600 text-white' : 'bg-indigo-50 text-indigo-700 hover:bg-indigo-100'} focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2`}
      >
        <Volume2 className={large ? 'h-7 w-7' : 'h-4 w-4'} aria-hidden="true" />
      </button>
      {inBrowser && (
        <audio
          ref={element}
          src={audio.url}
          preload="auto"
          data-testid="card-audio"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      )}
    </>
  )
})
