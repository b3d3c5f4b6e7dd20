/**
 * The review rules both sides share (spec 001 s4 and s9): the ratings, how
 * the console turns Familiar into one of them from the card's ef, and when a
 * card is due (by calendar day).
 */

export const REVIEW_RATINGS = ['Again', 'Hard', 'Good', 'Easy'] as const
export type ReviewRating = (typeof REVIEW_RATINGS)[number]

/** FSRS-6 by default; SM-2 for a deck that asks for it. */
export const SCHEDULERS = ['fsrs', 'sm2'] as const
export type SchedulerName = (typeof SCHEDULERS)[number]
export const SCHEDULER_LABELS: Record<SchedulerName, string> = { fsrs: 'FSRS-6 (recommended)', sm2: 'SM-2' }

/**
 * How a deck is reviewed (beyond the spec): 2 is the spec's screen
 * (Unfamiliar / Familiar); 4 shows Anki's Again, Hard, Good, Easy, each with
 * the next interval under it. The default is 2.
 */
export const ANSWER_BUTTONS = [2, 4] as const
export type AnswerButtons = (typeof ANSWER_BUTTONS)[number]
export const DEFAULT_ANSWER_BUTTONS: AnswerButtons = 2

/**
 * A card answered but still in a short learning step comes back in the same
 * session; when nothing else is left it is shown up to this much before its
 * step ends (Anki's "learn ahead limit", 20 minutes). A session ends when no
 * card is due within it.
 */
export const LEARN_AHEAD_MS = 20 * 60_000
/** The longest answer time a review records (ms); a tab left open longer says nothing about the card. */
export const ANSWER_TIME_MAX_MS = 3_600_000
/**
 * A review made offline carries the time it was answered. A
 * device's clock may run this far ahead of the server's; a later time is
 * refused, a time within it counts as now.
 */
export const ANSWERED_AT_SKEW_MS = 5 * 60_000
/** The oldest answer the server takes: a device offline longer has its reviews refused, not scheduled a month late. */
export const ANSWERED_AT_MAX_AGE_DAYS = 30

/**
 * An interval as Anki writes it under its answer buttons: "1m", "10m", "3h",
 * "4d", "1.2mo", "2.1y" (never below 1m).
 */
export function formatInterval(seconds: number): string {
  const minutes = seconds / 60
  if (minutes < 59.5) return `${Math.max(1, Math.round(minutes))}m`
  const hours = minutes / 60
  if (hours < 23.5) return `${Math.round(hours)}h`
  const days = hours / 24
  if (days < 29.5) return `${Math.round(days)}d`
  const months = days / 30
  if (months < 11.95) return `${trimmed(months)}mo`
  return `${trimmed(days / 365)}y`
}
const trimmed = (n: number) => String(Math.round(n * 10) / 10)

export const DEFAULT_EF = 2.5
export const HARD_EF_MAX = 1.9
export const EASY_EF_MIN = 2.8

/** Values of the review screen's two buttons. */
export const UNFAMILIAR = -1
export const FAMILIAR = 1
export type ReviewChoice = typeof UNFAMILIAR | typeof FAMILIAR

/** Unfamiliar sends Again; Familiar sends Hard (ef <= 1.9), Easy (ef >= 2.8) or Good. */
export function ratingFor(choice: ReviewChoice, ef: number): ReviewRating {
  if (choice === UNFAMILIAR) return 'Again'
  if (ef <= HARD_EF_MAX) return 'Hard'
  if (ef >= EASY_EF_MIN) return 'Easy'
  return 'Good'
}

/** Reviewed strip collapses above this many cards. */
export const REVIEWED_STRIP_LIMIT = 6
/** Statistics periods in days; 30 is the default. */
export const STATS_PERIODS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 180, label: 'Last 6 months' },
  { days: 365, label: 'Last year' },
] as const
export const DEFAULT_STATS_DAYS = 30

/** Parts of an instant as a wall clock in `timeZone` (the runtime's own zone when absent). */
function wallClock(instant: number, timeZone: string | undefined): { y: number; m: number; d: number } {
  if (!timeZone) {
    const t = new Date(instant)
    return { y: t.getFullYear(), m: t.getMonth() + 1, d: t.getDate() }
  }
  const parts = dayFormatter(timeZone).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return { y: get('year'), m: get('month'), d: get('day') }
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
    formatters.set(timeZone, f)
  }
  return f
}

/** Offset of `timeZone` from UTC at an instant, in ms (wall clock minus UTC). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = dayFormatter(timeZone).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The first instant of the calendar day after `now` in `timeZone` (the
 * runtime's zone when absent). Everything before it is "today or earlier".
 * Days of 23 or 25 hours (daylight saving) are handled by asking the zone.
 */
export function startOfNextDay(now: Date, timeZone?: string): number {
  const { y, m, d } = wallClock(now.getTime(), timeZone)
  if (!timeZone) return new Date(y, m - 1, d + 1).getTime()
  const midnightWall = Date.UTC(y, m - 1, d + 1)
  // Two passes settle the offset even when midnight sits next to a DST switch.
  let guess = midnightWall - zoneOffset(midnightWall, timeZone)
  guess = midnightWall - zoneOffset(guess, timeZone)
  return guess
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone` (the runtime's zone when absent). */
export function calendarDay(instant: Date, timeZone?: string): string {
  const { y, m, d } = wallClock(instant.getTime(), timeZone)
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}

/** An instant as the server writes it (Date.toISOString): such strings sort in time order. */
const CANONICAL_INSTANT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/

/**
 * Due means the next review falls on today or an earlier calendar day:
 * before `dayEnd` (`startOfNextDay(now)`, computed once per count). A missing
 * or unreadable date is not due (spec 000 s5: invalid dates are ignored).
 * The server's canonical strings are compared as text, which is 4x faster
 * than parsing each one (100,000 cards in ~5 ms); anything else is parsed.
 */
export function dueBefore(dayEnd: number): (nextReview: string | null | undefined) => boolean {
  const endText = new Date(dayEnd).toISOString()
  return (nextReview) => {
    if (!nextReview) return false
    if (nextReview.length === 24 && CANONICAL_INSTANT.test(nextReview)) return nextReview < endText
    return Date.parse(nextReview) < dayEnd
  }
}

/** One card: is it due by `dayEnd`? For many cards use `dueBefore` once. */
export function isDue(nextReview: string | null | undefined, dayEnd: number): boolean {
  return dueBefore(dayEnd)(nextReview)
}

/** How many cards are due by the calendar day of `now`: the sidebar badge and the Due tile. */
export function countDue(cards: ReadonlyArray<{ next_review: string | null }>, now: Date, timeZone?: string): number {
  const due = dueBefore(startOfNextDay(now, timeZone))
  let n = 0
  for (const c of cards) if (due(c.next_review)) n++
  return n
}
