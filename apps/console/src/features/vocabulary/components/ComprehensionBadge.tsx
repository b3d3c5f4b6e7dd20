import type { Comprehension } from '@lingocast/contract'
import { comprehensionLabel, comprehensionTitle } from '../comprehension'

/**
 * "87% known · 42 new · 11 learning" on a library card or a feed episode: the
 * title says what each figure counts. Nothing at all
 * without a figure: an episode without a transcript is not 0% known.
 */
export function ComprehensionBadge({ figure, className = '' }: { figure: Comprehension | undefined; className?: string }) {
  if (!figure) return null
  const share = figure.known_share
  const tone = share >= 0.95 ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : share >= 0.85 ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-slate-50 text-slate-600 ring-slate-200'
  return (
    <span
      data-testid="comprehension"
      title="Share of the transcript's words you know or are learning, and the distinct words still new to you"
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ring-1 ring-inset ${tone} ${className}`}
    >
      {comprehensionLabel(figure)}
    </span>
  )
}
