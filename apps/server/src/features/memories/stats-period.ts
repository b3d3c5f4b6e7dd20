import { MEMORIES_MSG, STATS_MAX_DAYS } from '@lingocast/contract'
import { ValidationError } from '../../lib/errors'

const DAY_MS = 86_400_000

/** A real calendar date (2025-02-30 is not), as UTC midnight ms. */
function parseDay(value: string, field: string): number {
  const t = Date.parse(`${value}T00:00:00Z`)
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value) throw new ValidationError(`${field} must be a date (YYYY-MM-DD)`)
  return t
}

/** Checks a stats period: real dates, in order, at most STATS_MAX_DAYS days. */
export function checkStatsPeriod(start: string, end: string): void {
  const from = parseDay(start, 'start_date')
  const to = parseDay(end, 'end_date')
  const days = (to - from) / DAY_MS + 1
  if (days < 1 || days > STATS_MAX_DAYS) throw new ValidationError(MEMORIES_MSG.badPeriod)
}

/** An IANA zone name both ICU and PostgreSQL know; 'UTC' when none was given. */
export function checkTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC'
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone
  } catch {
    throw new ValidationError(MEMORIES_MSG.badTimeZone)
  }
}
