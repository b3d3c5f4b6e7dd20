import { z } from 'zod'
import { lazySchema } from './lazy-schema'

/**
 * The time a change was made, sent with a change that waited offline: the
 * server keeps the later of two changes of the same thing (last
 * write wins), so a change made earlier but sent later never undoes a newer
 * one. ISO 8601 with its offset, to the millisecond.
 */
export const CHANGE_TIME_MSG = {
  invalid: 'changed_at must be a date and time with its offset (ISO 8601)',
  future: 'changed_at is in the future',
} as const

/** How far ahead of the server's clock a change's time may be (a device clock a little fast). */
export const CHANGE_TIME_AHEAD_MAX_MS = 5 * 60_000

export const changedAt = lazySchema(() => z.iso.datetime({ offset: true, error: CHANGE_TIME_MSG.invalid }))

/**
 * A change's time as the server applies it: the time sent, refused when it is
 * further ahead of `now` than a fast clock explains, and never later than now
 * (a change cannot outrank one the server makes after it arrived). Undefined
 * when none was sent: the change is made now.
 */
export function changeTimeOf(sent: string | undefined, now: Date): Date | 'future' | undefined {
  if (sent === undefined) return undefined
  const at = new Date(sent)
  if (at.getTime() - now.getTime() > CHANGE_TIME_AHEAD_MAX_MS) return 'future'
  return at.getTime() > now.getTime() ? now : at
}
