import { registerDownloadPart } from '../offline/download-parts'

/**
 * A download of the learner's own article keeps its notes: the Notes tab
 * opens offline with them. Imported by the shell; the notes' API code loads
 * only when a download runs.
 */
registerDownloadPart('notes', {
  async fetch({ owner, episode, signal }) {
    if (!episode.article?.isMine) return {}
    const { fetchNotes } = await import('./api')
    return { notes: await fetchNotes(episode.id, signal, owner) }
  },
})
