/**
 * Decorative by default (inside a busy button the button carries the state);
 * with a label it becomes a status that screen readers announce.
 */
export function Spinner({ className = 'h-4 w-4', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className="inline-flex shrink-0">
      <svg className={`animate-spin motion-reduce:animate-none ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
    </span>
  )
}

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center text-indigo-600">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  )
}
