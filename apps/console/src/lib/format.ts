/** m:ss with seconds zero-padded; '0:00' for a missing, non-numeric or negative duration (spec 000 s5). */
export function formatDuration(seconds: unknown): string {
  const n = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '0:00'
  const whole = Math.floor(n)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

// Each toLocaleString / toLocaleDateString call makes a new Intl formatter, which is slow: a library of
// a few dozen articles, two counts each, made the Learning screen's render a long task on a phone
// (Chromium profile at 4x). The formatters below are made once and kept.
let counts: Intl.NumberFormat | undefined
const dateTimes = new Map<string, Intl.DateTimeFormat>()

/** A count with English digit grouping (1,234), as `n.toLocaleString('en')` writes it. */
export function formatCount(n: number): string {
  // Whole numbers, all the console shows, are grouped here: the page's first Intl.NumberFormat loads
  // ICU's number data, itself a third of a long task on the Learning screen's first render.
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  counts ??= new Intl.NumberFormat('en')
  return counts.format(n)
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * yyyy-MM-dd in the viewer's time zone: the day of an episode or a card's review. Written out rather than
 * in the learner's locale: the page's first Intl.DateTimeFormat loads ICU's date data, 56-93 ms at full
 * speed in Chromium here (a 200-350 ms task on a phone at 4x) in the render of the deck's table, and the
 * console's other days (My Feed, spec 001) are written this way already (docs/decisions/0033).
 */
export function formatLocalDay(value: Date | number): string {
  const d = new Date(value)
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`
}

/**
 * A date (or time) in the learner's own locale, as `toLocaleDateString(undefined, options)` writes it;
 * without options, the numeric date.
 */
export function formatDateTime(value: Date | number, options: Intl.DateTimeFormatOptions = {}): string {
  const key = JSON.stringify(options)
  let format = dateTimes.get(key)
  if (!format) dateTimes.set(key, (format = new Intl.DateTimeFormat(undefined, options)))
  return format.format(value)
}
