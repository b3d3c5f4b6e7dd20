import { defineFeature } from '../../core/define-feature'
import { sweepStaleUploads } from './sweep-temp'
import { createUploadRepo } from './upload.repo'
import { uploadRoutes } from './upload.routes'
import { createUploadService } from './upload.service'

/** Media files and subtitles a user uploads: stored, probed, and sent to transcription. */
export const uploadFeature = defineFeature({
  name: 'upload',
  needs: ['library', 'transcription'],
  async register(app, { config, db, storage, sweepTemp }) {
    const uploads = createUploadService({ repo: createUploadRepo(db), storage, library: app.library.own, transcription: app.transcription, tmpDir: config.uploadTmpDir, log: app.log })
    await app.register(uploadRoutes, { uploads, tmpDir: config.uploadTmpDir, maxBytes: config.uploadMaxBytes })
    // An upload cut off by a crash leaves its temporary file behind.
    sweepTemp(() => sweepStaleUploads(config.uploadTmpDir))
  },
})
