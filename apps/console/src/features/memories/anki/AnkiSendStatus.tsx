import { X } from 'lucide-react'
import { ANKI_TEXT, ankiSummaryText } from './anki-messages'
import type { AnkiSendState } from './useSendToAnki'

const BOX = 'flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1'

/** The send's progress, then its outcome (with Anki's answer for each duplicate), or why it failed and what to do. */
export function AnkiSendStatus({ state, onClose }: { state: AnkiSendState; onClose: () => void }) {
  if (state.phase === 'idle') return null
  const close = (
    <button type="button" onClick={onClose} aria-label={ANKI_TEXT.close} className="ml-auto rounded-md p-1 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
      <X className="h-4 w-4" aria-hidden="true" />
    </button>
  )
  if (state.phase === 'sending') {
    return (
      <div role="status" data-testid="anki-status" className={`${BOX} bg-indigo-50 text-indigo-900 ring-indigo-200`}>
        <div className="flex-1">
          <p>{ANKI_TEXT.sending(state.done, state.total)}</p>
          <progress className="mt-2 w-full" value={state.done} max={Math.max(1, state.total)} aria-label={ANKI_TEXT.progressLabel} />
        </div>
      </div>
    )
  }
  if (state.phase === 'failed') {
    return (
      <div role="alert" data-testid="anki-status" className={`${BOX} bg-red-50 text-red-800 ring-red-200`}>
        <p className="flex-1">{state.message}</p>
        {close}
      </div>
    )
  }
  const { result } = state
  return (
    <div role="status" data-testid="anki-status" className={`${BOX} bg-emerald-50 text-emerald-900 ring-emerald-200`}>
      <div className="flex-1">
        <p>{ankiSummaryText({ ...result, duplicates: result.duplicates.length })}</p>
        {result.duplicates.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {result.duplicates.map((d, i) => (
              <li key={i}>
                {d.front}: Anki answered “{d.error}”
              </li>
            ))}
          </ul>
        )}
      </div>
      {close}
    </div>
  )
}
