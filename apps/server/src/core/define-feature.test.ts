import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Core } from './core'
import { defineFeature } from './define-feature'

// The features' plugins need nothing of the core here: these only check how they find each other.
const core = {} as Core

describe('a feature registered out of order', () => {
  it('stops the start, naming the feature it needs, when that one is not registered before it', async () => {
    const app = Fastify({ logger: false })
    const memories = defineFeature({ name: 'memories', needs: ['library'], register: async () => undefined })
    await expect(app.register(memories, core).ready()).rejects.toThrow(/library/)
    await app.close()
  })

  it('starts when what it needs came before it, and sees what that one decorated', async () => {
    const app = Fastify({ logger: false })
    const seen: unknown[] = []
    const library = defineFeature({ name: 'library', register: async (instance) => void instance.decorate('shelf', 'books') })
    const memories = defineFeature({ name: 'memories', needs: ['library'], register: async (instance) => void seen.push((instance as unknown as { shelf: string }).shelf) })
    await app.register(library, core).register(memories, core).ready()
    expect(seen).toEqual(['books'])
    await app.close()
  })

  it('is not ready while a feature it calls later was never registered, and is once it was', async () => {
    const lonely = Fastify({ logger: false })
    const tutor = defineFeature({ name: 'tutor', later: ['vocabulary'], register: async () => undefined })
    await expect(lonely.register(tutor, core).ready()).rejects.toThrow('The tutor feature calls vocabulary, which was not registered')
    await lonely.close()

    const app = Fastify({ logger: false })
    const vocabulary = defineFeature({ name: 'vocabulary', needs: ['tutor'], register: async () => undefined })
    await expect(app.register(tutor, core).register(vocabulary, core).ready()).resolves.toBeDefined()
    await app.close()
  })
})
