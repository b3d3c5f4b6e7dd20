import { CircleAlert, FileQuestion, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from './Button'

const PANEL = 'mx-auto max-w-xl px-4 py-16 text-center'

/** A screen whose subject is missing: a title (the spec's not-found text), a hint, and a way back. */
export function NotFoundScreen({ title, hint, back }: { title: string; hint: string; back: ReactNode }) {
  return (
    <section className={PANEL}>
      <FileQuestion className="mx-auto h-10 w-10 text-slate-300" strokeWidth={1.5} aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-500">{hint}</p>
      <div className="mt-6">{back}</div>
    </section>
  )
}

/** A screen whose load failed: the message (announced), Try again, and a way back. */
export function LoadErrorScreen({ message, onRetry, retrying, back }: { message: string; onRetry: () => void; retrying: boolean; back: ReactNode }) {
  return (
    <section className={PANEL}>
      <div role="alert" className="flex flex-col items-center">
        <CircleAlert className="h-10 w-10 text-red-500" strokeWidth={1.5} aria-hidden="true" />
        <p className="mt-4 font-semibold text-slate-900">{message}</p>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          {!retrying && <RotateCw className="h-4 w-4" aria-hidden="true" />}
          Try again
        </Button>
        {back}
      </div>
    </section>
  )
}

/** The text-link look of "Back" actions on these screens. */
export const BACK_LINK_CLASS = 'inline-flex items-center gap-1.5 rounded text-sm font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/** A screen's grey placeholder shapes while its data loads; `label` is what a screen reader hears. */
export function SkeletonScreen({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <section className={className} aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div className="animate-pulse motion-reduce:animate-none">{children}</div>
    </section>
  )
}

/** Placeholder rows of a list of items (thumbnail and title) while a detail screen loads. */
export function SkeletonRows({ count = 4, className = '' }: { count?: number; className?: string }) {
  return (
    <div className={`space-y-3 ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <div className="aspect-video w-32 rounded-lg bg-slate-200/80" />
          <div className="h-4 flex-1 rounded bg-slate-200/70" />
        </div>
      ))}
    </div>
  )
}
