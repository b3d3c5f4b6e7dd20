// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

/** Playlist texts: spec 000 s2 and s8 where it quotes them, ours for the server's refusals. */
export const PLAYLIST_MSG = {
  // Ours: a playlist that does not exist, is private to another user, or is not theirs to change.
  playlistNotFound: 'Playlist not found',
  itemNotFound: 'This article is not in the playlist',
  ownPlaylist: 'This playlist is already yours',
  // spec 000 s2 and s8, verbatim.
  noPlaylists: 'No playlists found.',
  newPlaylist: 'New Playlist',
  creating: 'Creating...',
  createFailed: 'Failed to create playlist.',
  authRequired: 'Authentication required.',
  authError: 'Authentication error. Please log in again.',
  empty: 'This playlist is empty',
  notFoundOrEmpty: 'Playlist not found or empty',
  loadFailed: 'Failed to load playlist data',
  titlePlaceholder: 'Playlist Title',
  deleted: 'Playlist deleted successfully.',
  removed: 'Playlist removed from your library.',
} as const
