/** One point of the server's known-words history: known lemmas at the end of a day with a change. */
export interface KnownDay {
  date: string
  known: number
}

const DAY_MS = 86_400_000

/** Every calendar day from start to end (YYYY-MM-DD, both included). */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = []
  const last = Date.parse(`${end}T00:00:00Z`)
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= last && out.length <= 400; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

/**
 * The known-words line over the period: the server lists only days with a
 * change, so each day carries the last count at or before it. Days before the
 * first listed one are null (a gap, not zero: the count then is not known here).
 */
export function knownSeries(days: readonly KnownDay[], start: string, end: string): Array<{ date: string; known: number | null }> {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  let i = 0
  let current: number | null = null
  return daysBetween(start, end).map((date) => {
    while (i < sorted.length && sorted[i]!.date <= date) current = sorted[i++]!.known
    return { date, known: current }
  })
}
