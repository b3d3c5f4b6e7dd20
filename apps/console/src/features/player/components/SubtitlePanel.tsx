import { TRANSCRIPT_NOTICE, transcriptUnmatchedText, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { memo, type Ref } from 'react'
import { Spinner } from '../../../components/ui/Spinner'
import type { ArticleWords } from '../../vocabulary/api'
import { LOOKUP_TEXT } from '../../vocabulary/lookup/lookup-text'
import { WORD_MARK } from '../../vocabulary/lookup/word-marks'
import type { LookupTarget } from '../../vocabulary/lookup/WordLookup'
import { usePlayerValue } from '../hooks'
import type { Player } from '../player'
import { setShowWordStatus, useShowWordStatus } from '../word-status-switch'
import { transcriptionStateText } from '../messages'
import { formatStamp, lastStartedIndex, segmentIndexAt, toMs, wordIndexAt } from '../segments'
import { SegmentWords } from './SegmentWords'

interface Props {
  player: Player
  segments: readonly Segment[]
  loading: boolean
  transcription?: TranscriptionStatus
  onSeekMs: (ms: number) => void
  /** The article's word statuses, when it has them: new and learning words are underlined. */
  articleWords?: ArticleWords
  /** Opens the lookup popover on a word (book button, long press). */
  onLookup?: (target: LookupTarget) => void
  /** The box of the caption line, which the lookup popover must not cover. */
  lineRef?: Ref<HTMLDivElement>
}

/**
 * The subtitle panel (spec 000 s2): only the current segment, each word a
 * button that seeks to it, the spoken word lit. Between segments the one just
 * heard stays, dimmed, so the text does not blink in every pause. Only this
 * small component follows the time: it renders when the segment or the
 * spoken word changes, never the whole transcript.
 */
export function SubtitlePanel({ player, segments, loading, transcription, onSeekMs, articleWords, onLookup, lineRef }: Props) {
  const showStatus = useShowWordStatus()
  const marks = showStatus ? articleWords : undefined
  const current = usePlayerValue(player, (s) => segmentIndexAt(segments, toMs(s.time)))
  // The current segment is the last one started; in a pause, that is the one just heard.
  const shown = usePlayerValue(player, (s) => Math.max(0, lastStartedIndex(segments, toMs(s.time))))
  const segment = segments[shown]

  return (
    <section aria-label="Subtitles" className="rounded-2xl bg-white px-5 py-5 shadow-sm ring-1 ring-slate-200 sm:px-7 sm:py-6">
      {/* While loading, about a usual sentence's room (four lines on a phone): the panel does not push the page down when it comes. */}
      <div ref={lineRef} className={`flex items-center ${loading ? 'min-h-44' : 'min-h-28'}`}>
        {loading ? (
          <div className="flex w-full items-center justify-center gap-3 text-sm text-slate-500">
            <Spinner className="h-5 w-5 text-indigo-500" label="Loading subtitles" />
            Loading subtitles…
          </div>
        ) : !segment ? (
          <NoSegment transcription={transcription} />
        ) : (
          <SegmentLine key={`${segment.start}:${segment.end}`} player={player} segment={segment} isCurrent={current >= 0} onSeekMs={onSeekMs} marks={marks} onLookup={onLookup} />
        )}
      </div>
      {/* Where the known text did not fit, say so there (even when most of it did not fit and the whole is called recognised). */}
      {segment && unmatchedAt(transcription, segment) ? (
        <p className="mt-3 text-xs text-amber-700">{transcriptUnmatchedText(formatStamp(unmatchedAt(transcription, segment)!.start), formatStamp(unmatchedAt(transcription, segment)!.end))}</p>
      ) : (
        segment && transcription?.confidence === 'recognised' && <p className="mt-3 text-xs text-amber-700">Machine-recognised transcript: some words may be wrong.</p>
      )}
      {/* A server without pocketsphinx shows the publisher's lines with their cue times: say why no word lights up.
          A transcript set aside part way (it stopped the server twice) says why the rest will not come. */}
      {segment && (transcription?.notice === 'word_timing_off' || transcription?.notice === 'set_aside') && (
        <p className="mt-3 text-xs text-slate-500" data-testid="transcript-notice">
          {TRANSCRIPT_NOTICE[transcription.notice]}
        </p>
      )}
      {/* The legend's room, kept until it shows (the subtitles and the word statuses come apart). */}
      {(loading || (segment && !articleWords)) && <div aria-hidden="true" className="mt-3 h-5" />}
      {segment && articleWords && (
        <StatusLegend
          show={showStatus}
          onShowChange={setShowWordStatus}
        />
      )}
    </section>
  )
}

/** The span where the known text did not fit and its words were recognised instead, if the segment lies in one. */
const unmatchedAt = (transcription: TranscriptionStatus | undefined, segment: Segment) =>
  transcription?.unmatched?.find((span) => segment.start >= span.start && segment.start < span.end)

interface LineProps {
  player: Player
  segment: Segment
  isCurrent: boolean
  onSeekMs: (ms: number) => void
  marks?: ArticleWords
  onLookup?: (target: LookupTarget) => void
  /** A line of the Transcript tab's list: body-sized text, readable when not current. */
  compact?: boolean
}

/** One segment's line: its time and its words. The caption shows one; the Transcript tab lists them all. */
export const SegmentLine = memo(function SegmentLine({ player, segment, isCurrent, onSeekMs, marks, onLookup, compact = false }: LineProps) {
  const words = segment.word_timestamps
  const active = usePlayerValue(player, (s) => (isCurrent ? wordIndexAt(words, toMs(s.time)) : -1))

  return (
    <div className="relative w-full" data-current={isCurrent} data-segment-start={segment.start}>
      <p className={`${compact ? 'mb-0.5 text-slate-500' : 'mb-2 text-slate-400'} text-xs font-medium tabular-nums`}>{formatStamp(segment.start)}</p>
      {words.length === 0 ? (
        // Timed segment without word timings: the whole line seeks to its start.
        <button
          type="button"
          onClick={() => onSeekMs(segment.start)}
          className={`rounded-md text-left leading-relaxed transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${compact ? 'text-base' : 'text-xl sm:text-2xl'} ${isCurrent ? 'text-slate-900' : compact ? 'text-slate-700' : 'text-slate-400'}`}
        >
          {segment.text.trim() || '…'}
        </button>
      ) : (
        <SegmentWords segment={segment} active={active} isCurrent={isCurrent} onSeekMs={onSeekMs} marks={marks} onLookup={onLookup} compact={compact} />
      )}
    </div>
  )
})

/** What the underlines mean, and the switch that hides them (remembered). */
function StatusLegend({ show, onShowChange }: { show: boolean; onShowChange: (show: boolean) => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-500" data-testid="word-status-legend">
      {show && (
        <>
          <span className={WORD_MARK.new}>{LOOKUP_TEXT.legendNew}</span>
          <span className={WORD_MARK.learning}>{LOOKUP_TEXT.legendLearning}</span>
        </>
      )}
      {/* A checkbox, not a button: the panel's buttons are its words. */}
      <label className="ml-auto inline-flex cursor-pointer items-center gap-2">
        <input type="checkbox" role="switch" checked={show} onChange={(e) => onShowChange(e.target.checked)} className="h-3.5 w-3.5 cursor-pointer rounded accent-indigo-600" />
        {LOOKUP_TEXT.showStatus}
      </label>
    </div>
  )
}

/** Before the first segment: the transcript waits for a slot, is being made, failed, or does not exist. */
function NoSegment({ transcription }: { transcription?: TranscriptionStatus }) {
  const state = transcriptionStateText(transcription)
  if (transcription && state) {
    const percent = Math.floor(transcription.progress * 100)
    const waiting = transcription.status === 'pending' && transcription.waiting !== undefined
    return (
      <div className="w-full text-center text-sm text-slate-500">
        <p className="flex items-center justify-center gap-3" data-testid="transcription-state">
          <Spinner className="h-5 w-5 text-indigo-500" label={waiting ? 'Waiting' : 'Transcribing'} />
          {state}
        </p>
        <div role="progressbar" aria-label="Transcription progress" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className="mx-auto mt-3 h-1.5 w-48 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    )
  }
  if (transcription?.status === 'failed' && transcription.notice) {
    return (
      <p className="w-full text-center text-sm text-slate-500" data-testid="transcript-notice">
        {TRANSCRIPT_NOTICE[transcription.notice]}
      </p>
    )
  }
  if (transcription?.status === 'failed') return <p className="w-full text-center text-sm text-slate-500">The transcript could not be made for this recording.</p>
  return <p className="w-full text-center text-sm text-slate-500">No transcript for this recording yet.</p>
}
