import type { StatusCounts, WordStatus } from '@lingocast/contract'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { appSettings, articles, flashcards, knownWordsDaily, mediaTranscripts, transcriptLemmas, userWordChanges, userWords } from '../../db/schema'
import { recordKnownToday } from './known-history'

/** Lemmas per statement: parameters and the statement's work stay bounded whatever the list's size. */
const WRITE_BATCH = 20_000
/** A card front that is one word: something in it, no space inside (the vocabulary marks its lemma learning). */
const SINGLE_WORD_FRONT = sql`btrim(front) <> '' and btrim(front) !~ '[[:space:]]'`

export interface WordRow {
  lemma: string
  status: WordStatus
  /** 1-4 while learning (a stored null reads as 1), else null. */
  level: number | null
  hint: string | null
  seen: number
  updatedAt: Date | null
}

/** A status to set, with a level while learning and a hint from an import. */
export interface StatusEntry {
  lemma: string
  status: WordStatus
  /** Learning only: the level asked for; without one a learning term keeps its level (a new one reads as 1). */
  level?: number | undefined
  /** An imported hint: replaces the term's hint; without one the hint stays. */
  hint?: string | undefined
}

export interface ListQuery {
  /** Lower-case lemma prefix, also looked for anywhere in the hint. */
  prefix?: string | undefined
  status?: WordStatus | undefined
  offset: number
  limit: number
}

/** `%` and `_` in a search are letters, not patterns. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function createWordsRepo(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[]

  /**
   * Every lemma the user has a status for: their marks; the lemmas of their
   * single-word card fronts without a mark (learning); the lemmas of their
   * library's transcripts without either (new). `seen` counts occurrences in
   * those transcripts, each transcript once however many articles play it.
   */
  function vocabulary(userId: number, cardLemmas: string[]) {
    return sql`
      with library_transcripts as (
        select distinct t.id from ${articles} a
        join lateral (
          select mt.id from ${mediaTranscripts} mt
          where mt.status = 'done' and mt.media_address in (a.audio, a.video)
          order by mt.media_address = a.audio desc nulls last limit 1) t on true
        where a.user_id = ${userId}),
      library as (
        select tl.lemma, sum(tl.count)::int as seen from ${transcriptLemmas} tl
        where tl.transcript_id in (select id from library_transcripts) group by tl.lemma),
      cards as (select distinct l as lemma from unnest(${sql.param(cardLemmas)}::text[]) as x(l)),
      marked as (select lemma, status, level, hint, updated_at from ${userWords} where user_id = ${userId}),
      words as (
        select lemma, status, level, hint, updated_at from marked
        union all
        select c.lemma, 'learning', null::smallint, null, null from cards c where not exists (select 1 from marked m where m.lemma = c.lemma)
        union all
        select l.lemma, 'new', null::smallint, null, null from library l
        where not exists (select 1 from marked m where m.lemma = l.lemma) and not exists (select 1 from cards c where c.lemma = l.lemma))
      select w.lemma, w.status, case when w.status = 'learning' then coalesce(w.level, 1)::int end as level, w.hint, w.updated_at, coalesce(l.seen, 0) as seen
      from words w left join library l on l.lemma = w.lemma`
  }

  /** (user, lemma) pairs become learning where that user has no mark; answers how many rows were added. */
  async function markLearningIfNewForUsers(entries: ReadonlyArray<{ userId: number; lemma: string }>): Promise<number> {
    let added = 0
    for (let i = 0; i < entries.length; i += WRITE_BATCH) {
      const batch = entries.slice(i, i + WRITE_BATCH)
      const found = await rows<{ lemma: string }>(sql`
        insert into ${userWords} (user_id, lemma, status, updated_at)
        select u, l, 'learning', now() from unnest(${sql.param(batch.map((e) => e.userId))}::int[], ${sql.param(batch.map((e) => e.lemma))}::text[]) as x(u, l)
        on conflict (user_id, lemma) do nothing
        returning lemma`)
      added += found.length
    }
    return added
  }

  return {
    /** A page of the vocabulary, newest change first (then the most met), and the counts per status for the same search. */
    async list(userId: number, cardLemmas: string[], query: ListQuery): Promise<{ words: WordRow[]; counts: StatusCounts }> {
      // The hint is searched for as written anywhere in it, whatever the case: the learner's own words in their language.
      const search = query.prefix ? sql`(v.lemma like ${likePrefix(query.prefix)} or strpos(lower(v.hint), ${query.prefix}) > 0)` : sql`true`
      const filter = query.status ? sql`v.status = ${query.status}` : sql`true`
      const page = await rows<{ lemma: string; status: WordStatus; level: number | null; hint: string | null; updated_at: string | Date | null; seen: number }>(sql`
        select v.* from (${vocabulary(userId, cardLemmas)}) v
        where ${search} and ${filter}
        order by v.updated_at desc nulls last, v.seen desc, v.lemma
        limit ${query.limit} offset ${query.offset}`)
      const tallies = await rows<{ status: WordStatus; n: number }>(sql`
        select v.status, count(*)::int as n from (${vocabulary(userId, cardLemmas)}) v where ${search} group by v.status`)
      const counts: StatusCounts = { new: 0, learning: 0, known: 0, ignored: 0 }
      for (const t of tallies) counts[t.status] = t.n
      return {
        words: page.map((r) => ({
          lemma: r.lemma,
          status: r.status,
          level: r.level === null ? null : Number(r.level),
          hint: r.hint,
          seen: r.seen,
          updatedAt: r.updated_at === null ? null : new Date(r.updated_at),
        })),
        counts,
      }
    },

    /** The fronts of the user's cards that are one word (no space inside), lower case and distinct. */
    async singleWordCardFronts(userId: number): Promise<string[]> {
      const found = await rows<{ front: string }>(sql`
        select distinct lower(btrim(front)) as front from ${flashcards}
        where user_id = ${userId} and ${SINGLE_WORD_FRONT}`)
      return found.map((r) => r.front)
    },

    /**
     * Sets statuses ('new' forgets the term, hint and all), levels and
     * imported hints, and today's known count, in one transaction. With
     * `changes`, answers each term whose status or level changed, with its
     * status and level before (new where it had no row) and the hint a
     * forgetting dropped.
     */
    /**
     * `changes`: a learner's own marks (not an import): answers what changed and
     * records each term's change time; with `changedAt` (a mark made offline),
     * a term changed later than that keeps its status (last write wins per term).
     */
    async setStatuses(userId: number, entries: ReadonlyArray<StatusEntry>, options: { changes: boolean; changedAt?: Date | undefined }) {
      const changed: Array<{ lemma: string; before: WordStatus; before_level: number | null; before_hint: string | null }> = []
      const at = options.changedAt?.toISOString()
      await db.transaction(async (tx) => {
        for (let i = 0; i < entries.length; i += WRITE_BATCH) {
          let batch = entries.slice(i, i + WRITE_BATCH)
          if (options.changes) {
            const lemmas = sql.param(batch.map((e) => e.lemma))
            if (at) {
              // Locked until the end: a change of the same term arriving meanwhile is ordered after this one.
              const newer = await tx.execute(sql`
                select lemma from ${userWordChanges}
                where user_id = ${userId} and lemma = any(${lemmas}::text[]) and changed_at > ${at}::timestamptz
                for update`)
              const kept = new Set((newer.rows as Array<{ lemma: string }>).map((r) => r.lemma))
              batch = batch.filter((e) => !kept.has(e.lemma))
              if (batch.length === 0) continue
            }
            await tx.execute(sql`
              insert into ${userWordChanges} (user_id, lemma, changed_at)
              select ${userId}, l, ${at ? sql`${at}::timestamptz` : sql`now()`} from unnest(${sql.param(batch.map((e) => e.lemma))}::text[]) as x(l)
              on conflict (user_id, lemma) do update set changed_at = greatest(${userWordChanges}.changed_at, excluded.changed_at)`)
          }
          const input = sql`
            select l as lemma, s as status, case when s = 'learning' then v end as level, h as hint
            from unnest(${sql.param(batch.map((e) => e.lemma))}::text[], ${sql.param(batch.map((e) => e.status))}::text[],
              ${sql.param(batch.map((e) => e.level ?? null))}::int[], ${sql.param(batch.map((e) => e.hint ?? null))}::text[]) as x(l, s, v, h)`
          const forget = sql`
            delete from ${userWords} uw using input i
            where uw.user_id = ${userId} and uw.lemma = i.lemma and i.status = 'new'`
          // A learning term asked for without a level keeps its own; a stored null level reads as 1.
          const write = sql`
            insert into ${userWords} (user_id, lemma, status, level, hint, updated_at)
            select ${userId}, lemma, status, level, hint, now() from input where status <> 'new'
            on conflict (user_id, lemma) do update set
              status = excluded.status,
              level = case when excluded.status <> 'learning' then null
                when excluded.level is not null then excluded.level
                when ${userWords}.status = 'learning' then ${userWords}.level end,
              hint = coalesce(excluded.hint, ${userWords}.hint),
              updated_at = excluded.updated_at
            where ${userWords}.status <> excluded.status
              or (excluded.status = 'learning' and excluded.level is not null and coalesce(${userWords}.level, 1) <> excluded.level)
              or (excluded.hint is not null and ${userWords}.hint is distinct from excluded.hint)`
          if (!options.changes) {
            // An import: most lists forget nothing, so the delete runs only when some line asks for it.
            if (batch.some((e) => e.status === 'new')) await tx.execute(sql`with input as (${input}) ${forget}`)
            await tx.execute(sql`with input as (${input}) ${write}`)
            continue
          }
          // Data-modifying CTEs share one snapshot and run whether read or not: `before` reads the statuses as they were.
          const result = await tx.execute(sql`
            with input as (${input}),
            before as (
              select i.lemma, coalesce(uw.status, 'new') as before,
                case when uw.status = 'learning' then coalesce(uw.level, 1)::int end as before_level,
                case when i.status = 'new' then uw.hint end as before_hint,
                i.status, i.level from input i
              left join ${userWords} uw on uw.user_id = ${userId} and uw.lemma = i.lemma),
            forgotten as (${forget}),
            written as (${write})
            select b.lemma, b.before, b.before_level, b.before_hint from before b
            where b.before <> b.status or (b.status = 'learning' and b.level is not null and b.before_level <> b.level)`)
          for (const r of result.rows as Array<{ lemma: string; before: WordStatus; before_level: number | null; before_hint: string | null }>) {
            changed.push({ lemma: r.lemma, before: r.before, before_level: r.before_level === null ? null : Number(r.before_level), before_hint: r.before_hint })
          }
        }
        await recordKnownToday(tx as unknown as Db, userId)
      })
      // In the order asked, so an undo list reads like the request.
      const order = new Map(entries.map((e, i) => [e.lemma, i]))
      return changed.sort((a, b) => order.get(a.lemma)! - order.get(b.lemma)!)
    },

    /** Cards' words become learning unless the user has marked them already: one statement per batch of lemmas. */
    async markLearningIfNew(userId: number, lemmas: readonly string[]): Promise<void> {
      await markLearningIfNewForUsers(lemmas.map((lemma) => ({ userId, lemma })))
    },

    /** Every user's one-word card fronts (as singleWordCardFronts reads them), for the one-off backfill. */
    async everySingleWordCardFront(): Promise<Array<{ userId: number; front: string }>> {
      const found = await rows<{ user_id: number; front: string }>(sql`
        select distinct user_id, lower(btrim(front)) as front from ${flashcards} where ${SINGLE_WORD_FRONT}`)
      return found.map((r) => ({ userId: r.user_id, front: r.front }))
    },

    markLearningIfNewForUsers,

    /** Whether an instance-wide one-off step has run (its key in app_settings). */
    async hasRun(key: string): Promise<boolean> {
      const found = await rows<{ key: string }>(sql`select key from ${appSettings} where key = ${key}`)
      return found.length > 0
    },

    async recordRun(key: string): Promise<void> {
      await db.execute(sql`insert into ${appSettings} (key, value) values (${key}, ${new Date().toISOString()}) on conflict (key) do nothing`)
    },

    /** Every marked term, alphabetically, with its level (learning) and hint. */
    async marked(userId: number): Promise<Array<{ lemma: string; status: WordStatus; level: number | null; hint: string | null; updatedAt: Date }>> {
      const found = await rows<{ lemma: string; status: WordStatus; level: number | null; hint: string | null; updated_at: string | Date }>(sql`
        select lemma, status, case when status = 'learning' then coalesce(level, 1)::int end as level, hint, updated_at
        from ${userWords} where user_id = ${userId} order by lemma`)
      return found.map((r) => ({ lemma: r.lemma, status: r.status, level: r.level === null ? null : Number(r.level), hint: r.hint, updatedAt: new Date(r.updated_at) }))
    },

    /**
     * The learner's own hint of a term; null removes it. A term without a
     * status becomes learning (as LingQ and Lute make a term with a meaning);
     * removing the hint of a term without one changes nothing. The time of
     * the last status change stays: the Vocabulary list keeps its order while
     * hints are written in it. Answers the term's status, level and hint.
     */
    async setHint(userId: number, lemma: string, hint: string | null): Promise<{ status: WordStatus; level: number | null; hint: string | null }> {
      const found =
        hint === null
          ? await rows<{ status: WordStatus; level: number | null; hint: string | null }>(sql`
              update ${userWords} set hint = null where user_id = ${userId} and lemma = ${lemma}
              returning status, case when status = 'learning' then coalesce(level, 1)::int end as level, hint`)
          : await rows<{ status: WordStatus; level: number | null; hint: string | null }>(sql`
              insert into ${userWords} (user_id, lemma, status, hint, updated_at) values (${userId}, ${lemma}, 'learning', ${hint}, now())
              on conflict (user_id, lemma) do update set hint = excluded.hint
              returning status, case when status = 'learning' then coalesce(level, 1)::int end as level, hint`)
      const row = found[0]
      return row ? { status: row.status, level: row.level === null ? null : Number(row.level), hint: row.hint } : { status: 'new', level: null, hint: null }
    },

    /** Known counts of the days in the range (inclusive) that had a change, oldest first. */
    async knownHistory(userId: number, start: string, end: string): Promise<Array<{ date: string; known: number }>> {
      return rows(sql`
        select day as date, known from ${knownWordsDaily}
        where user_id = ${userId} and day >= ${start} and day <= ${end} order by day`)
    },
  }
}

export type WordsRepo = ReturnType<typeof createWordsRepo>
