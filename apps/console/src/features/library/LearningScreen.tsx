/** The Learning (home) screen. The library issue fills the grid; until then it shows the empty state. */
export default function LearningScreen() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Learning</h1>
      <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">No items match the current filter.</p>
    </section>
  )
}
