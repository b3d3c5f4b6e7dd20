import { X } from 'lucide-react'
import { useEffect } from 'react'

interface Props {
  /** Nothing shows while undefined. A new message restarts the timer. */
  message: string | undefined
  onClose: () => void
  /** Milliseconds before it hides by itself. */
  duration?: number
}

/** A short, polite notice at the bottom of the screen that goes away by itself. */
export function Toast({ message, onClose, duration = 3500 }: Props) {
  useEffect(() => {
    if (!message) return
    const timer = window.setTimeout(onClose, duration)
    return () => window.clearTimeout(timer)
  }, [message, duration, onClose])

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4">
      {message && (
        <div
          role="status"
          className="pointer-events-auto flex items-center gap-3 rounded-xl bg-slate-900 py-2.5 pl-4 pr-2 text-sm text-white shadow-lg transition duration-150 ease-out motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0"
        >
          <span>{message}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={onClose}
            className="rounded-md p-1 text-slate-400 hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  )
}
