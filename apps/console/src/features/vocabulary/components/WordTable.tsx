import type { VocabularyWord, WordStatus } from '@lingocast/contract'
import { useEffect, useRef } from 'react'
import { STATUS_LABELS } from '../words'
import { HintCell } from './HintCell'
import { formatCount, formatDateTime } from '../../../lib/format'

interface Props {
  words: readonly VocabularyWord[]
  selected: ReadonlySet<string>
  onToggle: (lemma: string) => void
  /** Select every word of the page, or none when all are selected. */
  onToggleAll: () => void
  /** Saves a term's hint (the learner's own meaning; empty removes it). */
  onHint: (lemma: string, hint: string) => Promise<unknown>
}

const th = 'px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500'
const td = 'px-4 py-2.5 text-sm'

const STATUS_TONES: Record<WordStatus, string> = {
  new: 'bg-sky-50 text-sky-700 ring-sky-200',
  learning: 'bg-amber-50 text-amber-800 ring-amber-200',
  known: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  ignored: 'bg-slate-100 text-slate-500 ring-slate-200',
}

const updatedDay = (iso: string | null) => (iso ? formatDateTime(new Date(iso), { year: 'numeric', month: 'short', day: 'numeric' }) : '—')

/** A page of the user's words and phrases: a checkbox per row for bulk changes, term, status (with its level), hint, times seen, last change. */
export function WordTable({ words, selected, onToggle, onToggleAll, onHint }: Props) {
  const all = useRef<HTMLInputElement>(null)
  const count = words.filter((w) => selected.has(w.lemma)).length
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < words.length
  }, [count, words.length])

  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            <th className="w-10 px-4 py-2.5">
              <input ref={all} type="checkbox" aria-label="Select all words on this page" checked={words.length > 0 && count === words.length} onChange={onToggleAll} className="h-4 w-4 accent-indigo-600" />
            </th>
            <th className={th}>Word</th>
            <th className={th}>Status</th>
            <th className={th}>Hint</th>
            <th className={`${th} text-right`}>Seen</th>
            <th className={th}>Updated</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {words.map((w) => (
            <tr key={w.lemma} data-lemma={w.lemma} className={selected.has(w.lemma) ? 'bg-indigo-50/60' : undefined}>
              <td className="px-4 py-2.5">
                <input type="checkbox" aria-label={`Select ${w.lemma}`} checked={selected.has(w.lemma)} onChange={() => onToggle(w.lemma)} className="h-4 w-4 accent-indigo-600" />
              </td>
              <th scope="row" className={`${td} text-left font-medium text-slate-900`}>
                {w.lemma}
              </th>
              <td className={td} data-col="status">
                <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_TONES[w.status]}`}>
                  {STATUS_LABELS[w.status]}
                  {w.status === 'learning' && w.level !== null ? ` ${w.level}` : ''}
                </span>
              </td>
              <td className="px-4 py-1.5" data-col="hint">
                <HintCell key={`${w.lemma}:${w.hint ?? ''}`} lemma={w.lemma} hint={w.hint} onSave={onHint} />
              </td>
              <td className={`${td} text-right tabular-nums text-slate-600`} data-col="seen">
                {formatCount(w.seen)}
              </td>
              <td className={`${td} text-slate-500`}>
                {w.updated_at ? <time dateTime={w.updated_at}>{updatedDay(w.updated_at)}</time> : updatedDay(null)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
