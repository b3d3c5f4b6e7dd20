import type { Segment } from '@lingocast/contract'
import { and, asc, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mediaTranscripts, transcriptSegments } from '../../db/schema'

const toSegment = (row: typeof transcriptSegments.$inferSelect): Segment => ({
  start: row.startMs,
  end: row.endMs,
  text: row.text,
  word_timestamps: row.words,
})

/** Transcripts are stored once per media address and shared by every user who studies it. */
export function createTranscriptsRepo(db: Db) {
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
      return db.transaction(async (tx) => {
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
        return true
      })
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
