// Apart from messages.ts: a screen's texts go with its own code, not in every screen's first load.

/** Chat and Explain (spec 000 s2, s4, s8), plus the server's own texts. */
export const TUTOR_MSG = {
  empty: 'Ask me any questions about the episode!',
  placeholder: 'Ask a question...',
  fallback: 'Sorry, I encountered an error. Please try again.',
  chatApiError: (status: number) => `Chat API error: ${status}`,
  // Ours.
  noQuestion: 'Ask a question first',
  emptySegment: 'The segment to explain has no text',
  messageTooLong: 'The message is too long',
  upstream: 'The AI tutor did not answer. Please try again.',
} as const
