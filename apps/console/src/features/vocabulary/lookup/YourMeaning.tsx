import { LOOKUP_TEXT } from './lookup-text'

/**
 * The learner's own meaning of the term (their hint), at the top of the
 * lookup popover, and what choosing a dictionary line just did: a polite
 * live region, there before anything is said in it so it is heard.
 */
export function YourMeaning({ hint, said }: { hint: string | undefined; said: string | undefined }) {
  return (
    <div className="space-y-0.5">
      {hint && (
        <p className="text-sm" data-testid="your-meaning">
          <span className="mr-1.5 text-xs font-medium uppercase tracking-wide text-amber-700">{LOOKUP_TEXT.yourMeaning}</span>
          <span className="font-semibold text-slate-900">{hint}</span>
        </p>
      )}
      <p role="status" aria-live="polite" className="text-xs text-emerald-700" data-testid="meaning-feedback">
        {said ?? ''}
      </p>
    </div>
  )
}
