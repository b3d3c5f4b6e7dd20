import { bigint, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { StoredCue } from './transcripts'
import { users } from './users'

/**
 * A file a user uploaded into storage. The row is the file's owner: mediainfo
 * and collect of another user's path are not found. Written only after the
 * file is complete and in place, so a row always names a whole file.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The stored address, '/uploads/<random>.<ext>'; the name is ours, never the uploader's. */
    path: text('path').notNull(),
    originalName: text('original_name').notNull(),
    /** 'audio' or 'video', decided by the streams ffprobe found, not by the name. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    format: text('format').notNull(),
    durationSeconds: real('duration_seconds').notNull(),
    width: integer('width'),
    height: integer('height'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Cues of the .srt/.vtt uploaded with the media: the known text that alignment times. */
    subtitleCues: jsonb('subtitle_cues').$type<StoredCue[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_path_key').on(t.path), index('uploads_user_id_idx').on(t.userId)],
)
