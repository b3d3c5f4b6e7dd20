import { registerDownloadPart } from '../offline/download-parts'
import { fetchNotes } from './api'

/** A download of the learner's own article keeps its notes: the Notes tab opens offline with them. Imported by the shell. */
registerDownloadPart('notes', {
  async fetch({ owner, episode, signal }) {
    if (!episode.article?.isMine) return {}
    return { notes: await fetchNotes(episode.id, signal, owner) }
  },
})
