import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** One transcript per media address, shared by every user who studies that media. */
export const mediaTranscripts = pgTable(
  'media_transcripts',
  {
    id: serial('id').primaryKey(),
    mediaAddress: text('media_address').notNull(),
    /** Where the words come from: demo, publisher, whisper, openai, pocketsphinx. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_transcripts_address_key').on(t.mediaAddress)],
)

export interface StoredWord {
  word: string
  start: number
  end: number
}

export const transcriptSegments = pgTable(
  'transcript_segments',
  {
    id: serial('id').primaryKey(),
    transcriptId: integer('transcript_id')
      .notNull()
      .references(() => mediaTranscripts.id, { onDelete: 'cascade' }),
    startMs: integer('start_ms').notNull(),
    endMs: integer('end_ms').notNull(),
    text: text('text').notNull(),
    words: jsonb('words').$type<StoredWord[]>().notNull(),
  },
  (t) => [
    uniqueIndex('transcript_segments_span_key').on(t.transcriptId, t.startMs, t.endMs),
    index('transcript_segments_start_idx').on(t.transcriptId, t.startMs),
  ],
)
