import { Link } from 'react-router'

export default function NotFound() {
  return (
    <section className="mx-auto max-w-xl p-10 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-500">There is nothing at this address.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-indigo-600 hover:underline">
        Back to Learning
      </Link>
    </section>
  )
}
