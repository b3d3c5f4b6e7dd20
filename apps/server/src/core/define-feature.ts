import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Core } from './core'

/** Every server feature, by the name its plugin registers under (features/<name>/index.ts). */
export type FeatureName =
  | 'operations'
  | 'auth'
  | 'jobs'
  | 'transcription'
  | 'library'
  | 'playlists'
  | 'feeds'
  | 'media'
  | 'storage'
  | 'upload'
  | 'tutor'
  | 'vocabulary'
  | 'memories'
  | 'shadowing'
  | 'notes'

export interface Feature {
  name: FeatureName
  /**
   * Features this one uses while it registers (their decorators): registered before it, or the app
   * refuses to start with the name of the one missing (fastify-plugin's `dependencies`).
   */
  needs?: FeatureName[]
  /**
   * Features this one calls only once requests or jobs run, registered after it: the two need each other,
   * so one of them reads the other's decorator at call time. Checked when the app is ready.
   */
  later?: FeatureName[]
  /**
   * Makes the feature's repos and services from `core` and the decorators of its `needs`, registers its
   * routes and jobs, and decorates `app` with what other features may use (typed in the same index.ts).
   */
  register(app: FastifyInstance, core: Core): Promise<void>
}

/**
 * One feature as one Fastify plugin, registered with the core: `app.register(feeds, core)`. Not
 * encapsulated (fastify-plugin), so what it decorates is seen by the features after it; its routes
 * stay in their own encapsulated plugins, each with its own hooks.
 */
export function defineFeature(feature: Feature) {
  return fp<Core>(
    async (app, core) => {
      await feature.register(app, core)
      const later = feature.later ?? []
      if (later.length > 0) {
        app.addHook('onReady', async () => {
          const missing = later.filter((name) => !app.hasPlugin(name))
          if (missing.length > 0) throw new Error(`The ${feature.name} feature calls ${missing.join(', ')}, which was not registered`)
        })
      }
    },
    { name: feature.name, dependencies: feature.needs ?? [] },
  )
}
