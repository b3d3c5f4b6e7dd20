import type { Segment } from '@lingocast/contract'
import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mediaTranscripts, transcriptSegments, type StoredCue } from '../../db/schema'

export type TranscriptState = typeof mediaTranscripts.$inferSelect

const toSegment = (row: typeof transcriptSegments.$inferSelect): Segment => ({
  start: row.startMs,
  end: row.endMs,
  text: row.text,
  word_timestamps: row.words,
})

export interface TranscriptsHooks {
  /** A transcript became done (stored whole, or its last chunk transcribed): vocabulary counts its words. */
  onDone?: (transcriptId: number) => Promise<void>
}

/** Transcripts are stored once per media address and shared by every user who studies it. */
export function createTranscriptsRepo(db: Db, hooks: TranscriptsHooks = {}) {
  const segmentsWhere = (address: string, ...more: Parameters<typeof and>) =>
    db
      .select({ s: transcriptSegments })
      .from(transcriptSegments)
      .innerJoin(mediaTranscripts, eq(mediaTranscripts.id, transcriptSegments.transcriptId))
      .where(and(eq(mediaTranscripts.mediaAddress, address), ne(transcriptSegments.text, ''), ...more))
      .orderBy(asc(transcriptSegments.startMs))

  return {
    /** Stores a whole transcript unless one exists for the address; true when this call stored it. */
    async storeIfAbsent(address: string, source: string, segments: Segment[]): Promise<boolean> {
      const stored = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(mediaTranscripts)
          .values({ mediaAddress: address, source })
          .onConflictDoNothing()
          .returning({ id: mediaTranscripts.id })
        if (!created) return false
        if (segments.length > 0) {
          await tx.insert(transcriptSegments).values(
            segments.map((s) => ({ transcriptId: created.id, startMs: s.start, endMs: s.end, text: s.text, words: s.word_timestamps })),
          )
        }
        return created.id
      })
      if (stored !== false) await hooks.onDone?.(stored)
      return stored !== false
    },

    async state(address: string): Promise<TranscriptState | undefined> {
      const [row] = await db.select().from(mediaTranscripts).where(eq(mediaTranscripts.mediaAddress, address))
      return row
    },

    /**
     * A transcript to make: created pending unless one exists. Known text
     * (cues) given later replaces machine recognition that has not finished.
     */
    async ensurePending(address: string, cues: StoredCue[] | undefined, source: string): Promise<TranscriptState> {
      await db.insert(mediaTranscripts).values({ mediaAddress: address, source, status: 'pending', progress: 0, cues: cues ?? null }).onConflictDoNothing()
      if (cues?.length) {
        await db.transaction(async (tx) => {
          const replaced = await tx
            .update(mediaTranscripts)
            .set({ cues, source, status: 'pending', progress: 0, chunksDone: [], unmatched: [], error: null })
            .where(and(eq(mediaTranscripts.mediaAddress, address), sql`${mediaTranscripts.cues} is null`, ne(mediaTranscripts.status, 'done')))
            .returning({ id: mediaTranscripts.id })
          // Machine-recognised words stored so far give way to the known text.
          if (replaced[0]) await tx.delete(transcriptSegments).where(eq(transcriptSegments.transcriptId, replaced[0].id))
        })
      }
      return (await this.state(address))!
    },

    /** A failed transcript is tried again from where it stopped when someone asks for it. */
    async reopen(id: number): Promise<void> {
      await db.update(mediaTranscripts).set({ status: 'pending', error: null }).where(and(eq(mediaTranscripts.id, id), eq(mediaTranscripts.status, 'failed')))
    },

    async setCues(id: number, cues: StoredCue[]): Promise<void> {
      await db.update(mediaTranscripts).set({ cues }).where(eq(mediaTranscripts.id, id))
    },

    async setFocus(id: number, focusMs: number): Promise<void> {
      await db.update(mediaTranscripts).set({ focusMs }).where(eq(mediaTranscripts.id, id))
    },

    /** One chunk's segments and its mark as done, together: a resumed job never stores a chunk twice. */
    /** `unmatched`: the spans of the chunk where its known text did not fit and its words were recognised instead. */
    async storeChunk(
      id: number,
      chunk: number,
      segments: Segment[],
      progress: number,
      origin: { confidence: string; source?: string },
      unmatched: ReadonlyArray<{ start: number; end: number }> = [],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (segments.length > 0) {
          await tx
            .insert(transcriptSegments)
            .values(segments.map((s) => ({ transcriptId: id, startMs: s.start, endMs: s.end, text: s.text, words: s.word_timestamps })))
            .onConflictDoNothing()
        }
        await tx
          .update(mediaTranscripts)
          .set({
            chunksDone: sql`case when ${mediaTranscripts.chunksDone} @> ${JSON.stringify([chunk])}::jsonb then ${mediaTranscripts.chunksDone} else ${mediaTranscripts.chunksDone} || ${JSON.stringify([chunk])}::jsonb end`,
            progress,
            ...origin,
            ...(unmatched.length > 0 ? { unmatched: sql`${mediaTranscripts.unmatched} || ${JSON.stringify(unmatched)}::jsonb` } : {}),
            status: 'running',
          })
          .where(eq(mediaTranscripts.id, id))
      })
    },

    async setStatus(id: number, status: 'running' | 'done' | 'failed', error?: string): Promise<void> {
      await db
        .update(mediaTranscripts)
        .set({ status, error: error ?? null, ...(status === 'done' ? { progress: 1 } : {}) })
        .where(eq(mediaTranscripts.id, id))
      if (status === 'done') await hooks.onDone?.(id)
    },

    /** All segments with text, sorted by start. */
    async segments(address: string): Promise<Segment[]> {
      return (await segmentsWhere(address)).map((r) => toSegment(r.s))
    },

    /** Segments overlapping [fromMs, toMs). */
    async segmentsBetween(address: string, fromMs: number, toMs: number): Promise<Segment[]> {
      return (await segmentsWhere(address, lt(transcriptSegments.startMs, toMs), gt(transcriptSegments.endMs, fromMs))).map((r) => toSegment(r.s))
    },
  }
}

export type TranscriptsRepo = ReturnType<typeof createTranscriptsRepo>
