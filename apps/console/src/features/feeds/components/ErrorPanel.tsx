import { CircleAlert, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/Button'

/**
 * A failed load on a feed screen: the spec's red text, Retry (left out where
 * trying again cannot help, such as an address naming no feed), and anything
 * else the screen adds (a way back).
 */
export function ErrorPanel({ message, onRetry, retrying, children }: { message: string; onRetry?: () => void; retrying: boolean; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <CircleAlert className="h-8 w-8 text-red-500" strokeWidth={1.75} aria-hidden="true" />
      <p role="alert" className="mt-3 max-w-lg font-medium text-red-600">
        {message}
      </p>
      {(onRetry || children) && (
        <div className="mt-5 flex items-center gap-4">
          {onRetry && (
            <Button variant="secondary" loading={retrying} onClick={onRetry}>
              {!retrying && <RotateCw className="h-4 w-4" aria-hidden="true" />}
              Retry
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  )
}

/** The dashed box of an empty list. */
export function EmptyText({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 bg-white/60 px-6 py-14 text-center text-sm text-slate-500">{children}</p>
}
