// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

/** Notes (spec 000 s2, s4); the server's own texts where the spec leaves them to us. */
export const NOTES_MSG = {
  placeholder: 'Write your notes here...',
  loading: 'Loading...',
  saving: 'Saving...',
  notFound: 'No notes yet',
  tooLong: 'Notes are too long to save',
} as const
