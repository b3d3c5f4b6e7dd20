import { Link } from '../lib/routing/navigation'

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-500">There is nothing at this address.</p>
      <Link to="/" className="mt-6 inline-block rounded font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        Back to Learning
      </Link>
    </section>
  )
}
