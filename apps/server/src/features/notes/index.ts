import { defineFeature } from '../../core/define-feature'
import { createNotesRepo } from './notes.repo'
import { notesRoutes } from './notes.routes'
import { createNotesService } from './notes.service'

/** The learner's notes on articles and segments. */
export const notesFeature = defineFeature({
  name: 'notes',
  async register(app, { db }) {
    await app.register(notesRoutes, { notes: createNotesService({ repo: createNotesRepo(db) }) })
  },
})
