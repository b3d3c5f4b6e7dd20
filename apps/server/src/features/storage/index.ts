import { defineFeature } from '../../core/define-feature'
import { storageRoutes } from './storage.routes'

/** Stored files by address (the jump links media elements load), with the same access as the media proxy. */
export const storageFeature = defineFeature({
  name: 'storage',
  needs: ['media'],
  async register(app, { storage, fileCache }) {
    await app.register(storageRoutes, { library: app.mediaAccess, storage, cache: fileCache })
  },
})
