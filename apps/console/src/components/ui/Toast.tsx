import { X } from 'lucide-react'
import { useEffect } from 'react'

export interface ToastAction {
  label: string
  onClick: () => void
  disabled?: boolean
}

interface Props {
  /** Nothing shows while undefined. A new message restarts the timer. */
  message: string | undefined
  onClose: () => void
  /** Milliseconds before it hides by itself; null keeps it until dismissed (an offer waits for an answer). */
  duration?: number | null
  /** Buttons beside the message (an offer, an Undo). */
  actions?: ToastAction[]
  /** Above the player's bar, for notices on the player screen. */
  raised?: boolean
}

/** A short, polite notice at the bottom of the screen, with optional buttons; not modal, the page stays usable. */
export function Toast({ message, onClose, duration = 3500, actions = [], raised = false }: Props) {
  useEffect(() => {
    if (!message || duration === null) return
    const timer = window.setTimeout(onClose, duration)
    return () => window.clearTimeout(timer)
  }, [message, duration, onClose])

  return (
    <div aria-live="polite" className={`pointer-events-none fixed inset-x-0 z-50 flex justify-center px-4 ${raised ? 'bottom-20' : 'bottom-6'}`}>
      {message && (
        <div
          role="status"
          className="pointer-events-auto flex max-w-xl flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-900 py-2.5 pl-4 pr-2 text-sm text-white shadow-lg transition duration-150 ease-out motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0"
        >
          <span>{message}</span>
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              disabled={a.disabled}
              onClick={a.onClick}
              className="rounded-md px-2 py-1 font-semibold text-indigo-300 hover:bg-white/10 hover:text-indigo-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 disabled:opacity-60"
            >
              {a.label}
            </button>
          ))}
          <button
            type="button"
            aria-label="Dismiss"
            onClick={onClose}
            className="rounded-md p-1 text-slate-300 hover:bg-white/10 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  )
}
