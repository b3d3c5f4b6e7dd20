import type { ShadowTake, WordVerdict } from '@lingocast/contract'

/** Each verdict by colour and by a second cue (underline, strike-through), so it never rests on colour alone. */
export const VERDICT_STYLE: Record<WordVerdict, string> = {
  clear: 'text-emerald-700',
  unclear: 'text-amber-700 underline decoration-dotted decoration-2 underline-offset-4',
  missing: 'text-rose-700 line-through decoration-2',
}

export const VERDICT_LABEL: Record<WordVerdict, string> = { clear: 'clear', unclear: 'unclear', missing: 'missing' }

/** The take's words coloured by verdict, its score and the speaking rates; a fixed height so nothing below jumps. */
export function TakeResult({ take }: { take: ShadowTake | undefined }) {
  return (
    <div className="min-h-36 rounded-xl bg-slate-50 px-4 py-3" data-testid="take-result" data-take-id={take?.id} data-status={take?.status}>
      {!take ? (
        <p className="text-sm text-slate-500">Your last take will show here, word by word.</p>
      ) : take.status === 'scoring' ? (
        <p className="text-sm text-slate-600" role="status">
          Scoring…
        </p>
      ) : take.status === 'failed' ? (
        <p className="text-sm text-rose-700" role="alert">
          This take could not be scored{take.error ? `: ${take.error}` : '.'}
        </p>
      ) : (
        <>
          <p className="flex items-baseline gap-2 text-sm text-slate-600">
            Score{' '}
            <strong className="text-2xl font-semibold text-slate-900" data-testid="take-score">
              {take.score}
            </strong>
            <span>/ 100</span>
          </p>
          <p className="mt-2 text-base leading-8" data-testid="take-words">
            {take.words.map((w, i) => (
              <span key={i}>
                <span className={`font-medium ${VERDICT_STYLE[w.verdict]}`} data-verdict={w.verdict}>
                  {w.word}
                  <span className="sr-only"> ({VERDICT_LABEL[w.verdict]})</span>
                </span>{' '}
              </span>
            ))}
          </p>
          <p className="mt-1 text-xs text-slate-500" data-testid="take-rate">
            {rateText(take)}
          </p>
        </>
      )}
    </div>
  )
}

function rateText(take: ShadowTake): string {
  const you = take.learner_wpm
  const them = take.speaker_wpm
  if (you === null) return 'Too few words were heard to measure your pace.'
  if (them === null) return `Your pace: ${you} words/min.`
  const ratio = you / them
  const compare = ratio > 1.15 ? 'faster than the speaker' : ratio < 0.85 ? 'slower than the speaker' : 'about the speaker\'s pace'
  return `Your pace: ${you} words/min · speaker: ${them} words/min (${compare}).`
}

export function VerdictLegend() {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      {(['clear', 'unclear', 'missing'] as const).map((v) => (
        <span key={v}>
          <span className={`font-semibold ${VERDICT_STYLE[v]}`}>Abc</span> {v === 'clear' ? 'clear' : v === 'unclear' ? 'unclear (dotted underline)' : 'missing (struck through)'}
        </span>
      ))}
    </p>
  )
}
