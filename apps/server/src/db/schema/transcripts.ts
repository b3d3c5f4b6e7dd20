import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

/** One transcript per media address, shared by every user who studies that media. */
export const mediaTranscripts = pgTable(
  'media_transcripts',
  {
    id: serial('id').primaryKey(),
    mediaAddress: text('media_address').notNull(),
    /** Where the words come from: demo, publisher, whisper, openai, pocketsphinx. */
    source: text('source').notNull(),
    /** pending, running, done, failed: a transcript fills in chunk by chunk. */
    status: text('status').notNull().default('done'),
    progress: real('progress').notNull().default(1),
    /** 'aligned' (known words, timed) or 'recognised' (machine-recognised words, low confidence). */
    confidence: text('confidence').notNull().default('aligned'),
    /** The play position a learner asked for last: the chunk there is transcribed next. */
    focusMs: integer('focus_ms'),
    /** A publisher's or uploader's transcript to time word by word, as cues. */
    cues: jsonb('cues').$type<StoredCue[]>(),
    /** Indexes of the chunks already stored, so an interrupted job resumes where it stopped. */
    chunksDone: jsonb('chunks_done').$type<number[]>().notNull().default([]),
    /**
     * Spans (ms) where the known text did not fit what is spoken (another
     * episode's text, a summary): their words were recognised instead, and
     * the player says so there.
     */
    unmatched: jsonb('unmatched').$type<Array<{ start: number; end: number }>>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_transcripts_address_key').on(t.mediaAddress)],
)

export interface StoredCue {
  /** Milliseconds; undefined when the transcript has text but no timing. */
  start?: number
  end?: number
  text: string
}

export interface StoredWord {
  word: string
  start: number
  end: number
  /** A known word not found in the audio, kept near its cue (the contract's WordTimestamp.uncertain). */
  uncertain?: true
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
