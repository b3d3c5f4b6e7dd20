/** The plain state of screens whose feature has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">Coming soon</p>
    </section>
  )
}
