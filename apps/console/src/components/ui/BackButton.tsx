import { ArrowLeft } from 'lucide-react'
import { historyIndex } from '../../lib/routing/history-index'
import { useNavigate } from '../../lib/routing/navigation'

/** Back where the user came from, or to `fallback` when the screen was opened directly (a link, a reload). */
export function useBack(fallback: string) {
  const navigate = useNavigate()
  return () => {
    if (historyIndex() > 0) navigate(-1)
    else navigate(fallback)
  }
}

/** The arrow at the start of a detail screen's header. */
export function BackButton({ fallback, className = '' }: { fallback: string; className?: string }) {
  const back = useBack(fallback)
  return (
    <button
      type="button"
      aria-label="Back"
      title="Back"
      onClick={back}
      className={`shrink-0 rounded-lg p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className}`}
    >
      <ArrowLeft className="h-5 w-5" aria-hidden="true" />
    </button>
  )
}
