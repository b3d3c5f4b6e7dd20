import type { Article } from '@lingocast/contract'
import type { articles } from '../../db/schema'

export type ArticleRow = typeof articles.$inferSelect

/** The whitelisted shape the console reads; never the raw row (no user_id, no timestamps). */
export function toArticleDto(row: ArticleRow): Article {
  return {
    CollectionID: row.id,
    HashID: row.hashId,
    Title: row.title,
    Description: row.description,
    Video: row.video,
    Audio: row.audio,
    Outline: row.outline,
    PlainText: row.plainText,
    IsFinished: row.isFinished,
    Thumbnail: row.thumbnail,
    Duration: row.durationSeconds,
  }
}
