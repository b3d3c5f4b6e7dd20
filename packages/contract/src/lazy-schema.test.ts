import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazySchema } from './lazy-schema'

/** Every `z.something` the contract's modules read, counted: a schema is built only through them. */
const zReads: string[] = []
vi.mock('zod', async (importOriginal) => {
  const real = await importOriginal<typeof import('zod')>()
  const counted = new Proxy(real.z, {
    get(target, key, receiver) {
      if (typeof key === 'string') zReads.push(key)
      return Reflect.get(target, key, receiver)
    },
  })
  return { ...real, z: counted }
})

afterEach(() => {
  zReads.length = 0
  vi.resetModules()
})

describe('lazySchema', () => {
  it('builds the schema once, on first use, and parses as the schema itself', () => {
    const build = vi.fn(() => z.object({ id: z.number().int(), name: z.string().nullable() }))
    const schema = lazySchema(build)
    expect(build).not.toHaveBeenCalled()

    expect(schema.safeParse({ id: 1, name: null })).toEqual({ success: true, data: { id: 1, name: null } })
    expect(schema.safeParse({ id: 1.5, name: 'x' }).success).toBe(false)
    expect(schema.parse({ id: 2, name: 'a', extra: true })).toEqual({ id: 2, name: 'a' })
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('passes for the schema wherever zod or a library looks at it', () => {
    const inner = lazySchema(() => z.object({ word: z.string().min(1, 'word is required') }))
    const outer = z.object({ items: z.array(inner), first: inner.nullable() })

    expect(inner instanceof z.ZodObject).toBe(true)
    expect(inner instanceof z.ZodString).toBe(false)
    // fastify-type-provider-zod tells a zod schema from a JSON schema this way.
    expect('safeParse' in inner).toBe(true)
    expect(Object.getPrototypeOf(inner)).toBe(Object.getPrototypeOf(z.object({})))
    expect(Object.keys(inner)).toEqual(expect.arrayContaining(['def', 'type']))
    expect(inner.shape.word).toBeInstanceOf(z.ZodString)
    expect(inner.extend({ n: z.number() }).parse({ word: 'a', n: 1 })).toEqual({ word: 'a', n: 1 })

    expect(outer.parse({ items: [{ word: 'estate' }], first: null })).toEqual({ items: [{ word: 'estate' }], first: null })
    const failed = outer.safeParse({ items: [{ word: '' }], first: { word: 'x' } })
    expect(failed.success).toBe(false)
    expect(failed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items.0.word', 'word is required']])
  })

  it('reports a schema that fails to build when it is first used, and every time after', () => {
    const schema = lazySchema((): z.ZodString => {
      throw new Error('bad schema')
    })
    expect(() => schema.safeParse('x')).toThrow('bad schema')
    expect(() => schema.safeParse('x')).toThrow('bad schema')
  })
})

describe('the contract', () => {
  it('builds no schema when it is imported, so a screen pays only for the calls it makes', async () => {
    const contract = await import('./index')
    expect(zReads).toEqual([])

    // The sign-in check's answer, read as the console reads it: only that route's schemas get built.
    const answer = contract.authRoutes.authCheck.response.safeParse({ success: true })
    expect(answer.success).toBe(true)
    expect(zReads.length).toBeGreaterThan(0)
    expect(zReads.length).toBeLessThan(40)
  })

  it('still refuses what it refused before, with the same words', async () => {
    const { feedRoutes, memoriesRoutes } = await import('./index')
    expect(feedRoutes.rssItems.query?.safeParse({ rss_id: '0x1' }).error?.issues[0]?.message).toBe('rss_id must be a feed id')
    const card = memoriesRoutes.createFlashcard.body.safeParse({ deck_id: 1, front: '  estate ', back: 'land' })
    expect(card.data).toMatchObject({ deck_id: 1, front: 'estate', back: 'land' })
    expect(memoriesRoutes.createFlashcard.body.safeParse({ deck_id: 1, front: ' ', back: 'land' }).success).toBe(false)
  })
})
