import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { knownWordsDaily, userWords } from '../../db/schema'

/** The calendar day (UTC) a known-words count belongs to. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10)

/**
 * Records the user's count of known lemmas for today, after any change of
 * statuses: one statement, so two changes at once both end with the count
 * after the later one. The statistics line reads these rows. Known phrases
 * are not words of their own (decision 0028): they are left out.
 */
export async function recordKnownToday(db: Db, userId: number, now = new Date()): Promise<void> {
  await db.execute(sql`
    insert into ${knownWordsDaily} (user_id, day, known)
    values (${userId}, ${dayOf(now)}, (select count(*)::int from ${userWords} where user_id = ${userId} and status = 'known' and lemma not like '% %'))
    on conflict (user_id, day) do update set known = excluded.known`)
}
