import type { WordStatus } from '@lingocast/contract'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { articles, feedChannels, feedItemLemmas, feedItems, feedItemWords, feedUserChannels, mediaTranscripts, transcriptLemmaSequences, transcriptLemmas, transcriptSegments, users, userWords } from '../../db/schema'
import type { WordTally } from './comprehension'

/** Rows per insert statement: one statement's parameters stay small whatever the transcript's size. */
const INSERT_BATCH = 5_000

type TallyRow = { key: string; running: number; ignored: number; known: number; learning: number; new_lemmas: number; learning_lemmas: number }
const tallyOf = (r: TallyRow): WordTally => ({
  running: r.running,
  ignored: r.ignored,
  known: r.known,
  learning: r.learning,
  newLemmas: r.new_lemmas,
  learningLemmas: r.learning_lemmas,
})

/**
 * The done transcript an article plays: its audio's, else its video's (the
 * player opens the audio first). A lateral lookup per article on the
 * unique media_address index.
 */
const articleTranscript = sql`lateral (
  select mt.id from ${mediaTranscripts} mt
  where mt.status = 'done' and mt.media_address in (a.audio, a.video)
  order by mt.media_address = a.audio desc nulls last limit 1) t on true`

/**
 * The user's articles that play a done transcript (HashID, transcript): the
 * same choice as above, as two hash joins on the address rather than a
 * lookup per article, since it runs on every read of the library's figures.
 */
const libraryTranscripts = (userId: number) => sql`
  select a.hash_id as key, coalesce(ta.id, tv.id) as transcript_id from ${articles} a
  left join ${mediaTranscripts} ta on ta.media_address = a.audio and ta.status = 'done'
  left join ${mediaTranscripts} tv on tv.media_address = a.video and tv.status = 'done'
  where a.user_id = ${userId} and coalesce(ta.id, tv.id) is not null`

/** The same for a feed episode. */
const episodeTranscript = sql`lateral (
  select mt.id from ${mediaTranscripts} mt
  where mt.status = 'done' and mt.media_address in (i.audio, i.video)
  order by mt.media_address = i.audio desc nulls last limit 1) t on true`

/** The sums of a comprehension figure over lemma counts `tl` joined with the user's marks `uw`. */
const TALLY_COLUMNS = sql`
      sum(tl.count)::int as running,
      coalesce(sum(tl.count) filter (where uw.status = 'ignored'), 0)::int as ignored,
      coalesce(sum(tl.count) filter (where uw.status = 'known'), 0)::int as known,
      coalesce(sum(tl.count) filter (where uw.status = 'learning'), 0)::int as learning,
      (count(*) filter (where uw.status is null))::int as new_lemmas,
      (count(*) filter (where uw.status = 'learning'))::int as learning_lemmas`

/**
 * Comprehension is a join of per-transcript lemma counts with the user's
 * marks, summed per transcript: `scope` is a query of (key, transcript_id).
 */
function tallies(userId: number, scope: SQL) {
  return sql`
    with scope as (${scope})
    select s.key, ${TALLY_COLUMNS}
    from scope s
    join ${transcriptLemmas} tl on tl.transcript_id = s.transcript_id
    left join ${userWords} uw on uw.user_id = ${userId} and uw.lemma = tl.lemma
    group by s.key`
}

/** Publisher transcripts that failed to read are tried again after this long. */
const READ_RETRY = sql`interval '1 day'`

/**
 * A feed episode (`i`) whose publisher transcript is to be read for its
 * words: it names one, its media has no done transcript (that one is counted
 * instead), and this address was not read yet (or failed over a day ago).
 */
const episodeToRead = sql`(
  i.transcript_url is not null
  and not exists (select 1 from ${mediaTranscripts} mt where mt.status = 'done' and mt.media_address in (i.audio, i.video))
  and not exists (
    select 1 from ${feedItemWords} w where w.item_id = i.id and w.transcript_url = i.transcript_url
      and (w.status = 'counted' or w.read_at > now() - ${READ_RETRY})))`

export function createComprehensionRepo(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[]

  return {
    /** The text of a done transcript's segments, in order (the words to count and mark). */
    async transcriptTexts(transcriptId: number): Promise<string[]> {
      const found = await rows<{ text: string }>(
        sql`select text from ${transcriptSegments} where transcript_id = ${transcriptId} and text <> '' order by start_ms`,
      )
      return found.map((r) => r.text)
    },

    /** Replaces a transcript's lemma counts and lemma sequence in one transaction: running it twice leaves the same rows. */
    async replaceLemmas(transcriptId: number, counts: Map<string, number>, sequence: string): Promise<void> {
      const entries = [...counts]
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into ${transcriptLemmaSequences} (transcript_id, sequence) values (${transcriptId}, ${sequence})
          on conflict (transcript_id) do update set sequence = excluded.sequence`)
        await tx.execute(sql`delete from ${transcriptLemmas} where transcript_id = ${transcriptId}`)
        for (let i = 0; i < entries.length; i += INSERT_BATCH) {
          const batch = entries.slice(i, i + INSERT_BATCH)
          // Two concurrent fills of one transcript both insert: the later one's counts (the same) win.
          await tx.execute(sql`
            insert into ${transcriptLemmas} (transcript_id, lemma, count)
            select ${transcriptId}, l, c from unnest(${sql.param(batch.map((e) => e[0]))}::text[], ${sql.param(batch.map((e) => e[1]))}::int[]) as x(l, c)
            on conflict (transcript_id, lemma) do update set count = excluded.count`)
        }
      })
    },

    /** Done transcripts of the given feed episodes (any; visibility is checked by the caller's query) without counts. */
    async uncountedEpisodeTranscripts(userId: number, itemIds: number[]): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select distinct t.id from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id join ${episodeTranscript}
        where i.id = any(${sql.param(itemIds)}::int[]) and ${visibleChannel(userId)}
          and not exists (select 1 from ${transcriptLemmas} tl where tl.transcript_id = t.id)`)
      return found.map((r) => r.id)
    },

    /** The user's articles that play a done transcript, with that transcript. */
    async libraryScope(userId: number): Promise<Array<{ key: string; transcriptId: number }>> {
      const found = await rows<{ key: string; transcript_id: number }>(libraryTranscripts(userId))
      return found.map((r) => ({ key: r.key, transcriptId: r.transcript_id }))
    },

    /** Those of the transcripts whose lemmas are not counted yet (done before counting existed). */
    async uncounted(transcriptIds: number[]): Promise<number[]> {
      const found = await rows<{ id: number }>(sql`
        select x.id from unnest(${sql.param(transcriptIds)}::int[]) as x(id)
        where not exists (select 1 from ${transcriptLemmas} tl where tl.transcript_id = x.id)`)
      return found.map((r) => r.id)
    },

    /**
     * The version of the user's marks: a trigger moves it on with every write
     * of their user_words (migration 0017), from this process or another, so
     * checking it is one read of the user's row, whatever the number of marks.
     */
    async marksVersion(userId: number): Promise<string> {
      const [found] = await rows<{ fp: string }>(sql`select marks_version::text as fp from ${users} where id = ${userId}`)
      return found?.fp ?? 'gone'
    },

    /**
     * Both versions of the user (migration 0017): what their library plays
     * (articles, and those articles' transcripts becoming done) and their
     * marks. Undefined when the user is gone.
     */
    async versions(userId: number): Promise<string | undefined> {
      const [found] = await rows<{ v: string }>(sql`select library_version || '.' || marks_version as v from ${users} where id = ${userId}`)
      return found?.v
    },

    /** The user's marks and their version, read in one statement (one snapshot). */
    async marks(userId: number): Promise<{ marks: Map<string, string>; version: string }> {
      return marksIn(db, userId)
    },

    /**
     * The user's marks and the tallies of the given transcripts, in one
     * snapshot (repeatable read): the tallies agree with the marks kept beside them.
     */
    async snapshot(userId: number, transcriptIds: number[]): Promise<{ marks: Map<string, string>; version: string; tallies: Map<number, WordTally> }> {
      return db.transaction(
        async (tx) => {
          const { marks, version } = await marksIn(tx as unknown as Db, userId)
          const found = (
            await tx.execute(tallies(userId, sql`select x.id as key, x.id as transcript_id from unnest(${sql.param(transcriptIds)}::int[]) as x(id)`))
          ).rows as unknown as TallyRow[]
          return { marks, version, tallies: new Map(found.map((r) => [Number(r.key), tallyOf(r)])) }
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    },

    /** The counts of some lemmas in some transcripts: what a change of their marks moves. */
    async occurrences(lemmas: string[], transcriptIds: number[]): Promise<Array<{ transcript_id: number; lemma: string; count: number }>> {
      return rows(sql`
        select transcript_id, lemma, count from ${transcriptLemmas}
        where lemma = any(${sql.param(lemmas)}::text[]) and transcript_id = any(${sql.param(transcriptIds)}::int[])`)
    },

    /** Every lemma count of some transcripts. */
    async lemmaCounts(transcriptIds: number[]): Promise<Array<{ transcript_id: number; lemma: string; count: number }>> {
      return rows(sql`select transcript_id, lemma, count from ${transcriptLemmas} where transcript_id = any(${sql.param(transcriptIds)}::int[])`)
    },

    /**
     * Feed episodes in channels the user sees, by id, with their figure: from
     * their media's done transcript, else from the words of the publisher
     * transcript the feed names now (read by the count_episode_words job).
     */
    async episodeTallies(userId: number, itemIds: number[]): Promise<Map<string, WordTally>> {
      const transcribed = await rows<TallyRow>(
        tallies(
          userId,
          sql`select i.id::text as key, t.id as transcript_id from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id join ${episodeTranscript}
              where i.id = any(${sql.param(itemIds)}::int[]) and ${visibleChannel(userId)}`,
        ),
      )
      const published = await rows<TallyRow>(sql`
        select i.id::text as key, ${TALLY_COLUMNS}
        from ${feedItems} i
        join ${feedChannels} ch on ch.id = i.channel_id
        join ${feedItemWords} w on w.item_id = i.id and w.status = 'counted' and w.transcript_url = i.transcript_url
        join ${feedItemLemmas} tl on tl.item_id = i.id
        left join ${userWords} uw on uw.user_id = ${userId} and uw.lemma = tl.lemma
        where i.id = any(${sql.param(itemIds)}::int[]) and ${visibleChannel(userId)}
        group by i.id`)
      const out = new Map(published.map((r) => [r.key, tallyOf(r)]))
      // The episode's own transcript, once there is one, is what the player shows: its figure wins.
      for (const r of transcribed) out.set(r.key, tallyOf(r))
      return out
    },

    /** Channels of the given episodes (that the user sees) with a publisher transcript still to read. */
    async channelsToRead(userId: number, itemIds: number[]): Promise<number[]> {
      const found = await rows<{ channel_id: number }>(sql`
        select distinct i.channel_id from ${feedItems} i join ${feedChannels} ch on ch.id = i.channel_id
        where i.id = any(${sql.param(itemIds)}::int[]) and ${visibleChannel(userId)} and ${episodeToRead}`)
      return found.map((r) => r.channel_id)
    },

    /** A channel's newest episodes whose publisher transcript is still to read (see episodeToRead). */
    async episodesToRead(channelId: number, limit: number): Promise<Array<{ id: number; transcriptUrl: string; transcriptType: string | null }>> {
      const found = await rows<{ id: number; transcript_url: string; transcript_type: string | null }>(sql`
        select i.id, i.transcript_url, i.transcript_type from ${feedItems} i
        where i.channel_id = ${channelId} and ${episodeToRead}
        order by i.pub_date desc nulls last, i.id desc
        limit ${limit}`)
      return found.map((r) => ({ id: r.id, transcriptUrl: r.transcript_url, transcriptType: r.transcript_type }))
    },

    /**
     * Stores what reading an episode's publisher transcript gave: its lemma
     * counts, or `null` when it could not be read. One transaction; reading
     * the same address again leaves the same rows.
     */
    async storeEpisodeWords(itemId: number, transcriptUrl: string, counts: Map<string, number> | null): Promise<void> {
      const entries = [...(counts ?? [])]
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from ${feedItemLemmas} where item_id = ${itemId}`)
        for (let i = 0; i < entries.length; i += INSERT_BATCH) {
          const batch = entries.slice(i, i + INSERT_BATCH)
          await tx.execute(sql`
            insert into ${feedItemLemmas} (item_id, lemma, count)
            select ${itemId}, l, c from unnest(${sql.param(batch.map((e) => e[0]))}::text[], ${sql.param(batch.map((e) => e[1]))}::int[]) as x(l, c)
            on conflict (item_id, lemma) do update set count = excluded.count`)
        }
        await tx.execute(sql`
          insert into ${feedItemWords} (item_id, transcript_url, status, read_at) values (${itemId}, ${transcriptUrl}, ${counts ? 'counted' : 'failed'}, now())
          on conflict (item_id) do update set transcript_url = excluded.transcript_url, status = excluded.status, read_at = excluded.read_at`)
      })
    },

    async transcriptTally(userId: number, transcriptId: number): Promise<WordTally | undefined> {
      const [found] = await rows<TallyRow>(tallies(userId, sql`select 'one' as key, ${transcriptId}::int as transcript_id`))
      return found && tallyOf(found)
    },

    /** The user's article (by CollectionID or HashID) and the done transcript it plays, if any. */
    async article(userId: number, ref: number | string): Promise<{ id: number; transcriptId: number | null } | undefined> {
      const [found] = await rows<{ id: number; transcript_id: number | null }>(sql`
        select a.id, t.id as transcript_id from ${articles} a left join ${articleTranscript}
        where a.user_id = ${userId} and ${typeof ref === 'number' ? sql`a.id = ${ref}` : sql`a.hash_id = ${ref}`}`)
      return found && { id: found.id, transcriptId: found.transcript_id }
    },

    /**
     * The user's marks on a transcript's lemmas (new ones have no row and are
     * left out), and on their phrases whose every lemma occurs in it, with
     * the level of learning and the user's hint.
     */
    async statusesIn(userId: number, transcriptId: number): Promise<Array<{ lemma: string; status: string; level: number | null; hint: string | null }>> {
      const found = await rows<{ lemma: string; status: string; level: number | null; hint: string | null }>(sql`
        select uw.lemma, uw.status, uw.level, uw.hint from ${userWords} uw
        join ${transcriptLemmas} tl on tl.lemma = uw.lemma and tl.transcript_id = ${transcriptId}
        where uw.user_id = ${userId}
        union all
        select uw.lemma, uw.status, uw.level, uw.hint from ${userWords} uw
        where uw.user_id = ${userId} and uw.lemma like '% %'
          and not exists (
            select 1 from unnest(string_to_array(uw.lemma, ' ')) as p(l)
            where not exists (select 1 from ${transcriptLemmas} tl where tl.transcript_id = ${transcriptId} and tl.lemma = p.l))`)
      return found.map((r) => ({ ...r, level: r.level === null ? null : Number(r.level) }))
    },

    /** Every lemma of the transcript still new for the user becomes known; answers those lemmas. */
    async markNewKnown(userId: number, transcriptId: number): Promise<string[]> {
      const found = await rows<{ lemma: string }>(sql`
        insert into ${userWords} (user_id, lemma, status, updated_at)
        select ${userId}, tl.lemma, 'known', now() from ${transcriptLemmas} tl where tl.transcript_id = ${transcriptId}
        on conflict (user_id, lemma) do nothing
        returning lemma`)
      return found.map((r) => r.lemma).sort()
    },

    /** The given lemmas become known where the user has no mark yet (learning and ignored stay); answers how many. */
    async markKnownWhereNew(userId: number, lemmas: string[]): Promise<number> {
      let marked = 0
      for (let i = 0; i < lemmas.length; i += INSERT_BATCH) {
        const batch = lemmas.slice(i, i + INSERT_BATCH)
        const found = await rows<{ lemma: string }>(sql`
          insert into ${userWords} (user_id, lemma, status, updated_at)
          select ${userId}, l, 'known', now() from unnest(${sql.param(batch)}::text[]) as x(l)
          on conflict (user_id, lemma) do nothing
          returning lemma`)
        marked += found.length
      }
      return marked
    },

    /** The user's statuses of some lemmas (no row: new), and how many words they know in all: what the tutor may know of them. */
    async statusesOf(userId: number, lemmas: readonly string[]): Promise<{ statuses: Map<string, WordStatus>; known: number }> {
      const found = await rows<{ lemma: string | null; status: WordStatus | null; known: number }>(sql`
        select w.lemma, w.status, k.known from (select count(*)::int as known from ${userWords} where user_id = ${userId} and status = 'known') k
        left join ${userWords} w on w.user_id = ${userId} and w.lemma = any(${sql.param([...new Set(lemmas)])}::text[])`)
      const statuses = new Map<string, WordStatus>()
      for (const r of found) if (r.lemma && r.status) statuses.set(r.lemma, r.status)
      return { statuses, known: Number(found[0]?.known ?? 0) }
    },

    async status(userId: number, lemma: string): Promise<string | undefined> {
      const [found] = await rows<{ status: string }>(sql`select status from ${userWords} where user_id = ${userId} and lemma = ${lemma}`)
      return found?.status
    },

    /** How often the lemma occurs in the transcripts of the user's library (each transcript once). */
    async seen(userId: number, lemma: string): Promise<number> {
      const [found] = await rows<{ seen: number }>(sql`
        select coalesce(sum(tl.count), 0)::int as seen from ${transcriptLemmas} tl
        where tl.lemma = ${lemma} and tl.transcript_id in (select l.transcript_id from (${libraryTranscripts(userId)}) l)`)
      return found?.seen ?? 0
    },
  }
}

async function marksIn(db: Db, userId: number): Promise<{ marks: Map<string, string>; version: string }> {
  // One statement, so the version read is the one of these marks.
  const found = (
    await db.execute(sql`
      select u.marks_version::text as fp, w.lemma, w.status
      from ${users} u left join ${userWords} w on w.user_id = u.id where u.id = ${userId}`)
  ).rows as Array<{ lemma: string | null; status: string | null; fp: string }>
  const marks = new Map<string, string>()
  for (const r of found) if (r.lemma !== null && r.status !== null) marks.set(r.lemma, r.status)
  return { marks, version: found[0]?.fp ?? 'gone' }
}

/** A channel the user sees: the starter catalogue, or one linked to them. */
const visibleChannel = (userId: number) =>
  sql`(ch.is_catalogue or exists (select 1 from ${feedUserChannels} uc where uc.channel_id = ch.id and uc.user_id = ${userId}))`

export type ComprehensionRepo = ReturnType<typeof createComprehensionRepo>
