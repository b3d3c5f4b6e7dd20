import { calendarDay, type DailyStat } from '@lingocast/contract'
import { formatDateTime } from '../../lib/format'

/** The last `days` calendar days up to today, in the learner's zone: [start, end] as YYYY-MM-DD. */
export function periodRange(days: number, now: Date): { start: string; end: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1), 12)
  return { start: calendarDay(start), end: calendarDay(now) }
}

/** x axis label: month/day without leading zeros (2025-03-07 -> 3/7). */
export function monthDay(date: string): string {
  const [, m, d] = date.split('-')
  return `${Number(m)}/${Number(d)}`
}

/** Days with any activity, newest first, for the Daily Activity table. */
export function activeDays(stats: readonly DailyStat[]): DailyStat[] {
  return stats.filter((s) => s.cards_added > 0 || s.cards_reviewed > 0).reverse()
}

/** A date range as the summary cards show it. */
export function rangeLabel(start: string, end: string): string {
  const fmt = (d: string) => formatDateTime(new Date(`${d}T12:00:00`), { year: 'numeric', month: 'short', day: 'numeric' })
  return `${fmt(start)} – ${fmt(end)}`
}
