import type { PlaylistArticle, PlaylistSummary } from '@lingocast/contract'
import type { ItemRow, ListedPlaylist } from './playlists.repo'

/** Whitelisted shapes the console reads; never the raw rows (no owner id, no timestamps). */
export function toSummaryDto(row: ListedPlaylist): PlaylistSummary {
  return { id: row.id, hash_id: row.hashId, title: row.title, is_mine: row.isMine, public: row.isPublic }
}

export function toItemDto(row: ItemRow): PlaylistArticle {
  return {
    ArticleID: row.articleId,
    HashID: row.hashId,
    Title: row.title,
    Thumbnail: row.thumbnail,
    Duration: row.durationSeconds,
    Video: row.video,
    Audio: row.audio,
  }
}
