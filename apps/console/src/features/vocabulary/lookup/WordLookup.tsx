import { LEARNING_LEVELS, type WordStatus } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { BookmarkPlus, Volume2 } from 'lucide-react'
import { useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import { Popover } from '../../../components/ui/Popover'
import { Spinner } from '../../../components/ui/Spinner'
import type { Player } from '../../player/player'
import { isTypingTarget } from '../../player/shortcuts'
import { explanationQuery, lookupQuery, useSetWordHint, useSetWordStatus, type ArticleWords } from '../api'
import { lemmaInArticle, levelOf } from '../statuses'
import { HintField } from './HintField'
import { LOOKUP_TEXT, partOfSpeech, seenText } from './lookup-text'
import { hasMark, markForKey, type KeyMark } from './mark-keys'
import { playWordOnce } from './play-word'
import { Translations } from './Translations'
import { YourMeaning } from './YourMeaning'
import type { WordRef } from './word-at'

export interface LookupTarget extends WordRef {
  /** The word's button in the caption: the popover opens beside it and focus returns to it. */
  anchor: HTMLElement
  /** A phrase: how many words from `index` it spans (2-6); one word without it. */
  length?: number
}

interface Props {
  target: LookupTarget
  player: Player
  /** The article's statuses, when it has them: the buttons show the word's status from here, as the transcript does. */
  articleWords?: ArticleWords
  /** The caption line, which the popover never covers. */
  avoid?: HTMLElement | null
  onClose: () => void
  /** "Make a card": the card modal takes over (the popover closes first), with the learner's hint as the cue. */
  onMakeCard: (target: LookupTarget, hint: string | undefined) => void
  onError: (message: string) => void
}

const PRESSED = { learning: 'bg-amber-500 text-white ring-amber-500', known: 'bg-emerald-600 text-white ring-emerald-600', ignored: 'bg-slate-600 text-white ring-slate-600' }
const BUTTON = 'rounded-lg px-2 py-1.5 text-sm font-semibold ring-1 ring-inset transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'
const UNPRESSED = 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'

/**
 * The lookup popover (docs/vocabulary.md, In the player): the word's lemma and part of speech, its
 * sense in this sentence, IPA, a replay of just this word from the media,
 * how often the user met it, and its status. A phrase of several
 * words is looked up the same way; learning has levels 1-4 beside Known and
 * Ignore, also on the keys 1-4, 5/K and I/X; the learner's own hint is
 * written here; "Make a card" is a button of its own (marking never needs a
 * deck). The media is not paused; marking updates every occurrence at once.
 */
export function WordLookup({ target, player, articleWords, avoid, onClose, onMakeCard, onError }: Props) {
  const timings = target.segment.word_timestamps.slice(target.index, target.index + Math.max(1, target.length ?? 1))
  const timing = { start: timings[0]!.start, end: timings[timings.length - 1]!.end }
  const phrase = timings.length > 1
  const word = timings.map((t) => t.word.trim()).join(' ')
  const sentence = target.segment.text.trim()
  const lookup = useQuery(lookupQuery(word, sentence))
  const explanation = useQuery(explanationQuery(word, sentence, lookup.data?.model === true))
  const setStatus = useSetWordStatus({ onError: () => onError(LOOKUP_TEXT.statusFailed) })
  // The term as the transcript marks it: the article's statuses, as soon as the lemma is known; else the lookup's own answer.
  const term = phrase ? lookup.data?.lemma : ((articleWords && lemmaInArticle(articleWords, word)) ?? lookup.data?.lemma)
  const fromArticle = articleWords && term !== undefined && (phrase || lemmaInArticle(articleWords, word) !== undefined)
  const status: WordStatus | undefined = fromArticle ? (articleWords.statuses[term] ?? 'new') : lookup.data?.status
  const level = fromArticle ? levelOf(articleWords, term) : (lookup.data?.level ?? undefined)
  const hint = fromArticle ? articleWords.hints?.[term] : (lookup.data?.hint ?? undefined)
  const saveHint = useSetWordHint({ onError: () => onError(LOOKUP_TEXT.hintFailed) })
  // What the last choice of a meaning did, for the hint it made: said aloud, and gone once the hint changes otherwise.
  const [chose, setChose] = useState<{ said: string; hint: string }>()
  const chooseHelp = useId()
  const chooseMeaning = (text: string) => {
    if (!term) return
    // The chosen line pressed again takes it back, as clearing the hint field does.
    const next = hint?.trim() === text.trim() ? '' : text.trim()
    saveHint.mutate({ term, hint: next }, { onSuccess: () => setChose({ said: next ? LOOKUP_TEXT.savedAsMeaning(next) : LOOKUP_TEXT.meaningCleared, hint: next }) })
  }
  // A replay under way when the popover closes finishes on its own; only a new press cuts it short.
  const stopReplay = useRef<() => void>(undefined)

  const replay = () => {
    stopReplay.current?.()
    stopReplay.current = playWordOnce(player, timing.start, timing.end)
  }
  const mark = (next: KeyMark, toggle: boolean) => {
    const words = [lookup.data?.lemma ?? word]
    // Pressing the status (and level) the term already has takes it back to new; a key only ever sets.
    if (hasMark(next, status, level)) {
      if (toggle) setStatus.mutate({ words, status: 'new' })
      return
    }
    setStatus.mutate({ words, status: next.status, ...(next.status === 'learning' ? { level: next.level ?? 1 } : {}) })
  }
  const makeCard = () => {
    // The card modal gives focus back to what had it: the word, not a button about to vanish.
    if (target.anchor.isConnected) target.anchor.focus({ preventScroll: true })
    onClose()
    onMakeCard(target, hint)
  }
  const onKeyDown = (e: ReactKeyboardEvent) => {
    if (e.defaultPrevented || e.repeat || isTypingTarget(e.target)) return
    const next = markForKey(e)
    if (!next) return
    e.preventDefault()
    mark(next, false)
  }

  const data = lookup.data
  return (
    <Popover label={`${LOOKUP_TEXT.title} ${word}`} anchor={target.anchor} avoid={avoid} onClose={onClose}>
      <div className="space-y-3 p-4" data-testid="word-lookup" onKeyDown={onKeyDown}>
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
        {/* The learner's own meaning first, then the meanings in their language, each line naming its dictionary. */}
        <YourMeaning hint={hint} said={chose && chose.hint === (hint ?? '') ? chose.said : undefined} />
        {data && <Translations data={data} word={word} sentence={sentence} choose={{ chosen: hint, onChoose: term ? chooseMeaning : undefined, describedBy: chooseHelp }} />}
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
        {data?.sense && data.other_senses && data.other_senses.length > 0 && (
          <details className="group text-sm text-slate-700" data-testid="other-senses">
            <summary className="cursor-pointer select-none rounded text-xs font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
              {LOOKUP_TEXT.otherSenses(data.other_senses.length)}
            </summary>
            <ol className="mt-1 max-h-40 list-decimal space-y-1 overflow-y-auto pl-5">
              {data.other_senses.map((other, i) => (
                <li key={i}>
                  <span className="mr-1 text-xs uppercase tracking-wide text-slate-500">{partOfSpeech(other.pos)}</span>
                  {other.gloss}
                </li>
              ))}
            </ol>
          </details>
        )}
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
            {phrase ? LOOKUP_TEXT.replayPhrase : LOOKUP_TEXT.replay}
          </button>
          {data && <span className="text-xs text-slate-500">{seenText(data.seen)}</span>}
        </div>
        <HintField key={term ?? ''} term={term} saved={hint} onError={onError} />
        <div role="group" aria-label={LOOKUP_TEXT.statusGroup} className="space-y-2">
          <div className="flex items-center gap-1.5">
            <span className="mr-1 text-xs font-medium text-slate-600">{LOOKUP_TEXT.learning}</span>
            {LEARNING_LEVELS.map((n) => {
              const pressed = status === 'learning' && (level ?? 1) === n
              return (
                <button
                  key={n}
                  type="button"
                  aria-pressed={pressed}
                  aria-label={LOOKUP_TEXT.levelLabel(n)}
                  title={`${LOOKUP_TEXT.levelLabel(n)} (${n})`}
                  onClick={() => mark({ status: 'learning', level: n }, true)}
                  className={`min-w-9 flex-1 ${BUTTON} ${pressed ? PRESSED.learning : UNPRESSED}`}
                >
                  {n}
                </button>
              )
            })}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <button type="button" aria-pressed={status === 'known'} title={`${LOOKUP_TEXT.known} (5, K)`} onClick={() => mark({ status: 'known' }, true)} className={`${BUTTON} ${status === 'known' ? PRESSED.known : UNPRESSED}`}>
              {LOOKUP_TEXT.known}
            </button>
            <button type="button" aria-pressed={status === 'ignored'} title={`${LOOKUP_TEXT.ignore} (I, X)`} onClick={() => mark({ status: 'ignored' }, true)} className={`${BUTTON} ${status === 'ignored' ? PRESSED.ignored : UNPRESSED}`}>
              {LOOKUP_TEXT.ignore}
            </button>
          </div>
        </div>
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <button
            type="button"
            onClick={makeCard}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
            {LOOKUP_TEXT.makeCard}
          </button>
          <span className="hidden text-[11px] text-slate-400 sm:inline">{LOOKUP_TEXT.keysHelp}</span>
        </div>
      </div>
    </Popover>
  )
}
