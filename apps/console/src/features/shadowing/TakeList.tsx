import type { ShadowTake } from '@lingocast/contract'
import { formatDateTime } from '../../lib/format'

const time = (iso: string) => formatDateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The last takes of the segment, newest first: pick one to see and hear it, or delete it. */
export function TakeList({ takes, selectedId, onSelect, onDelete }: { takes: readonly ShadowTake[]; selectedId: number | undefined; onSelect: (take: ShadowTake) => void; onDelete: (take: ShadowTake) => void }) {
  if (takes.length === 0) return <p className="text-xs text-slate-500">No takes of this sentence yet.</p>
  return (
    <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Your last takes" data-testid="take-list">
      {takes.map((take) => {
        const label = `Take at ${time(take.created_at)}`
        return (
          <li key={take.id} className="flex items-center gap-2 px-3 py-1.5 text-sm">
            <button
              type="button"
              onClick={() => onSelect(take)}
              aria-pressed={take.id === selectedId}
              className={`flex-1 rounded-md px-2 py-1 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${take.id === selectedId ? 'bg-indigo-50 text-indigo-800' : 'hover:bg-slate-50'}`}
            >
              {label} · {take.status === 'scored' ? `score ${take.score}` : take.status === 'scoring' ? 'scoring…' : 'not scored'}
            </button>
            <button
              type="button"
              onClick={() => onDelete(take)}
              aria-label={`Delete ${label.toLowerCase()}`}
              className="rounded-md px-2 py-1 text-xs text-slate-500 hover:bg-rose-50 hover:text-rose-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-500"
            >
              Delete
            </button>
          </li>
        )
      })}
    </ul>
  )
}
