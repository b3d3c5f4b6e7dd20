import { Link } from '../lib/routing/navigation'

/**
 * Shown when a screen throws or its code fails to load (typically after a
 * new version was deployed while the tab stayed open): a reload fixes that.
 */
export function RouteError({ error }: { error: unknown }) {
  console.error(error)
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-500">This screen could not be shown. Reloading the page usually helps.</p>
      <div className="mt-6 flex justify-center gap-4 text-sm font-medium">
        <button type="button" onClick={() => window.location.reload()} className="rounded text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          Reload
        </button>
        <Link to="/" className="rounded text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          Back to Learning
        </Link>
      </div>
    </section>
  )
}
