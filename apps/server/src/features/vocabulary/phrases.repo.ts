import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mediaTranscripts, transcriptLemmaSequences, transcriptLemmas, transcriptSegments, userWords } from '../../db/schema'

/** The SQL behind phrases, levels and hints: a phrase is a user_words row whose lemma holds spaces. */
export function createPhrasesRepo(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => (await db.execute(query)).rows as T[]

  return {
    /** The user's term (a lemma or a phrase): status, level (learning) and hint; undefined when new. */
    async term(userId: number, lemma: string): Promise<{ status: string; level: number | null; hint: string | null } | undefined> {
      const [found] = await rows<{ status: string; level: number | null; hint: string | null }>(sql`
        select status, case when status = 'learning' then coalesce(level, 1)::int end as level, hint
        from ${userWords} where user_id = ${userId} and lemma = ${lemma}`)
      return found && { status: found.status, level: found.level === null ? null : Number(found.level), hint: found.hint }
    },

    /** The user's phrases with their statuses. */
    async userPhrases(userId: number): Promise<Array<{ lemma: string; status: string }>> {
      return rows(sql`select lemma, status from ${userWords} where user_id = ${userId} and lemma like '% %'`)
    },

    /**
     * The transcripts among `transcriptIds` holding every lemma of a phrase,
     * for each phrase: only there can it occur, and only there is its text read.
     */
    async candidates(phrases: string[], transcriptIds: number[]): Promise<Array<{ phrase: string; transcript_id: number }>> {
      if (phrases.length === 0 || transcriptIds.length === 0) return []
      return rows(sql`
        select p.phrase, tl.transcript_id from unnest(${sql.param(phrases)}::text[]) as p(phrase)
        cross join lateral (select distinct x as lemma from unnest(string_to_array(p.phrase, ' ')) as x) w
        join ${transcriptLemmas} tl on tl.lemma = w.lemma and tl.transcript_id = any(${sql.param(transcriptIds)}::int[])
        group by p.phrase, tl.transcript_id
        having count(*) = (select count(distinct x) from unnest(string_to_array(p.phrase, ' ')) as x)`)
    },

    /** How often each of some lemmas occurs in some transcripts. */
    async lemmaCounts(transcriptIds: number[], lemmas: string[]): Promise<Array<{ transcript_id: number; lemma: string; count: number }>> {
      return rows(sql`
        select transcript_id, lemma, count from ${transcriptLemmas}
        where transcript_id = any(${sql.param(transcriptIds)}::int[]) and lemma = any(${sql.param(lemmas)}::text[])`)
    },

    /** The user's statuses of some lemmas (no entry: new). */
    async statuses(userId: number, lemmas: string[]): Promise<Map<string, string>> {
      const found = await rows<{ lemma: string; status: string }>(sql`
        select lemma, status from ${userWords} where user_id = ${userId} and lemma = any(${sql.param(lemmas)}::text[])`)
      return new Map(found.map((r) => [r.lemma, r.status]))
    },

    /** The stored lemma sequences of some transcripts (none for one counted before they were kept). */
    async sequences(transcriptIds: number[]): Promise<Map<number, string>> {
      const found = await rows<{ transcript_id: number; sequence: string }>(sql`
        select transcript_id, sequence from ${transcriptLemmaSequences} where transcript_id = any(${sql.param(transcriptIds)}::int[])`)
      return new Map(found.map((r) => [Number(r.transcript_id), r.sequence]))
    },

    /**
     * Stores the sequence of a transcript counted before sequences were kept.
     * A sequence stored meanwhile by a new count wins, and a transcript deleted
     * meanwhile gets none.
     */
    async saveSequence(transcriptId: number, sequence: string): Promise<void> {
      await db.execute(sql`
        insert into ${transcriptLemmaSequences} (transcript_id, sequence)
        select ${transcriptId}, ${sequence} where exists (select 1 from ${mediaTranscripts} where id = ${transcriptId})
        on conflict (transcript_id) do nothing`)
    },

    /** The text of a transcript's segments, in order. */
    async transcriptTexts(transcriptId: number): Promise<string[]> {
      const found = await rows<{ text: string }>(
        sql`select text from ${transcriptSegments} where transcript_id = ${transcriptId} and text <> '' order by start_ms`,
      )
      return found.map((r) => r.text)
    },
  }
}

export type PhrasesRepo = ReturnType<typeof createPhrasesRepo>
