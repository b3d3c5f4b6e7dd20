import type { WordStatus } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { Volume2 } from 'lucide-react'
import { useRef } from 'react'
import { Popover } from '../../../components/ui/Popover'
import { Spinner } from '../../../components/ui/Spinner'
import type { Player } from '../../player/player'
import { explanationQuery, lookupQuery, useSetWordStatus, type ArticleWords } from '../api'
import { statusOfWord } from '../statuses'
import { LOOKUP_TEXT, partOfSpeech, seenText } from './lookup-text'
import { playWordOnce } from './play-word'
import type { WordRef } from './word-at'

export interface LookupTarget extends WordRef {
  /** The word's button in the caption: the popover opens beside it and focus returns to it. */
  anchor: HTMLElement
}

interface Props {
  target: LookupTarget
  player: Player
  /** The article's statuses, when it has them: the buttons show the word's status from here, as the transcript does. */
  articleWords?: ArticleWords
  /** The caption line, which the popover never covers. */
  avoid?: HTMLElement | null
  onClose: () => void
  /** Learning: the card modal takes over (the popover closes first). */
  onLearn: (target: LookupTarget) => void
  onError: (message: string) => void
}

const STATUS_BUTTONS: Array<{ status: Exclude<WordStatus, 'new'>; label: string; on: string }> = [
  { status: 'known', label: LOOKUP_TEXT.known, on: 'bg-emerald-600 text-white ring-emerald-600' },
  { status: 'learning', label: LOOKUP_TEXT.learning, on: 'bg-amber-500 text-white ring-amber-500' },
  { status: 'ignored', label: LOOKUP_TEXT.ignore, on: 'bg-slate-600 text-white ring-slate-600' },
]

/**
 * The lookup popover (issue 15): the word's lemma and part of speech, its
 * sense in this sentence, IPA, a replay of just this word from the media,
 * how often the user met it, and Known / Learning / Ignore. The media is
 * not paused; marking updates every occurrence in the transcript at once.
 */
export function WordLookup({ target, player, articleWords, avoid, onClose, onLearn, onError }: Props) {
  const timing = target.segment.word_timestamps[target.index]!
  const word = timing.word.trim()
  const sentence = target.segment.text.trim()
  const lookup = useQuery(lookupQuery(word, sentence))
  const explanation = useQuery(explanationQuery(word, sentence, lookup.data?.model === true))
  const setStatus = useSetWordStatus({ onError: () => onError(LOOKUP_TEXT.statusFailed) })
  const status = (articleWords && statusOfWord(articleWords, word)) ?? lookup.data?.status
  // A replay under way when the popover closes finishes on its own; only a new press cuts it short.
  const stopReplay = useRef<() => void>(undefined)

  const replay = () => {
    stopReplay.current?.()
    stopReplay.current = playWordOnce(player, timing.start, timing.end)
  }
  const choose = (next: Exclude<WordStatus, 'new'>) => {
    if (setStatus.isPending) return
    if (next === 'learning' && status !== 'learning') {
      // The card modal gives focus back to what had it: the word, not a button about to vanish.
      if (target.anchor.isConnected) target.anchor.focus({ preventScroll: true })
      onClose()
      onLearn(target)
      return
    }
    // Pressing the status the word already has takes it back to new.
    setStatus.mutate({ words: [lookup.data?.lemma ?? word], status: status === next ? 'new' : next })
  }

  const data = lookup.data
  return (
    <Popover label={`${LOOKUP_TEXT.title} ${word}`} anchor={target.anchor} avoid={avoid} onClose={onClose}>
      <div className="space-y-3 p-4" data-testid="word-lookup">
        <div>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-semibold text-slate-900">{data?.lemma ?? word}</span>
            {data && <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{partOfSpeech(data.pos)}</span>}
            {data?.ipa && (
              <span className="font-mono text-sm text-slate-600" data-testid="ipa">
                /{data.ipa}/
              </span>
            )}
          </p>
          {data && data.lemma !== data.word && <p className="text-xs text-slate-500">{LOOKUP_TEXT.formOf(word)}</p>}
        </div>
        <div className="text-sm text-slate-700" data-testid="sense" aria-live="polite">
          {lookup.isPending ? (
            <p className="flex items-center gap-2 text-slate-500">
              <Spinner className="h-4 w-4 text-indigo-500" label={LOOKUP_TEXT.loading} />
              {LOOKUP_TEXT.loading}
            </p>
          ) : lookup.isError ? (
            <p className="text-red-600">{LOOKUP_TEXT.failed}</p>
          ) : data?.sense ? (
            <>
              <p>{data.sense.gloss}</p>
              {data.sense.examples.slice(0, 2).map((example) => (
                <p key={example} className="mt-1 italic text-slate-500">
                  “{example}”
                </p>
              ))}
            </>
          ) : (
            <p className="text-slate-500">{LOOKUP_TEXT.noEntry}</p>
          )}
        </div>
        {data?.model && (
          <div className="rounded-lg bg-indigo-50 px-3 py-2 text-sm text-slate-700" data-testid="model-explanation" aria-live="polite">
            <p className="text-xs font-medium text-indigo-700">{LOOKUP_TEXT.modelLabel}</p>
            {explanation.isPending ? (
              <p className="mt-1 flex items-center gap-2 text-slate-500">
                <Spinner className="h-4 w-4 text-indigo-500" label={LOOKUP_TEXT.modelLoading} />
                {LOOKUP_TEXT.modelLoading}
              </p>
            ) : explanation.isError ? (
              <p className="mt-1 text-slate-500">{LOOKUP_TEXT.modelFailed}</p>
            ) : (
              <p className="mt-1">{explanation.data}</p>
            )}
          </div>
        )}
        <div className="flex items-center justify-between gap-3">
          <button
            type="button"
            data-autofocus
            onClick={replay}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <Volume2 className="h-4 w-4" aria-hidden="true" />
            {LOOKUP_TEXT.replay}
          </button>
          {data && <span className="text-xs text-slate-500">{seenText(data.seen)}</span>}
        </div>
        <div role="group" aria-label={LOOKUP_TEXT.statusGroup} className="grid grid-cols-3 gap-2">
          {STATUS_BUTTONS.map((b) => {
            const pressed = status === b.status
            return (
              <button
                key={b.status}
                type="button"
                aria-pressed={pressed}
                onClick={() => choose(b.status)}
                className={`rounded-lg px-2 py-1.5 text-sm font-semibold ring-1 ring-inset transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                  pressed ? b.on : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {b.label}
              </button>
            )
          })}
        </div>
      </div>
    </Popover>
  )
}
