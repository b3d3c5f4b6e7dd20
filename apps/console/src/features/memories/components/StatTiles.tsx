import type { DeckStats } from '../deck-stats'
import { MEMORIES_TEXT } from '../messages'

const TILES = [
  ['total', MEMORIES_TEXT.totalCards, 'text-slate-900'],
  ['new', MEMORIES_TEXT.new, 'text-sky-600'],
  ['due', MEMORIES_TEXT.due, 'text-red-600'],
  ['learned', MEMORIES_TEXT.learned, 'text-emerald-600'],
] as const

/** Total Cards, New, Due, Learned (spec 001 s2, definitions in s4). */
export function StatTiles({ stats }: { stats: DeckStats }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {TILES.map(([key, label, tone]) => (
        <div key={key} className="rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className={`mt-1 text-2xl font-bold tabular-nums ${tone}`} data-stat={key}>
            {stats[key]}
          </dd>
        </div>
      ))}
    </dl>
  )
}
