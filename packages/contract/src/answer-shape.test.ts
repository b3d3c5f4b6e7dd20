import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { answerKey, fitsShape, type AnswerShape } from './answer-shape'
import { answerShapeOf, answerShapesOf, contractRoutes } from './answer-shape-of'
import * as contract from './index'
import { lazySchema } from './lazy-schema'

const fits = (schema: z.ZodType, value: unknown) => fitsShape(answerShapeOf(schema), value)

describe('answer shapes', () => {
  // Schemas without value rules: the shape accepts exactly what zod accepts.
  const cases: Array<[string, z.ZodType, unknown[]]> = [
    ['string', z.string(), ['', 'a', 1, null, undefined, {}, []]],
    ['number', z.number(), [0, -1.5, '1', null, true]],
    ['integer', z.int(), [1, 0, -3, 1.5, '2', 2 ** 60]],
    ['number().int()', z.number().int(), [4, 4.5]],
    ['boolean', z.boolean(), [true, false, 0, 'true']],
    ['null', z.null(), [null, undefined, 0]],
    ['literal', z.literal(true), [true, false, 'true']],
    ['literals', z.literal(['ok', 1]), ['ok', 1, 'OK', '1']],
    ['enum', z.enum(['a', 'b']), ['a', 'b', 'c', null]],
    ['array', z.array(z.int()), [[], [1, 2], [1, 'x'], {}, null]],
    ['tuple', z.tuple([z.string(), z.number()]), [['a', 1], ['a'], ['a', 1, 2], [1, 'a']]],
    ['tuple with rest', z.tuple([z.string()], z.number()), [['a'], ['a', 1, 2], ['a', 'b']]],
    ['object', z.object({ id: z.int(), name: z.string().nullable(), note: z.string().optional() }), [
      { id: 1, name: null },
      { id: 1, name: 'x', note: 'y', extra: [1] },
      { id: 1, name: 'x', note: null },
      { id: 1 },
      { id: '1', name: null },
      [],
      null,
    ]],
    ['strict object', z.strictObject({ a: z.string() }), [{ a: 'x' }, { a: 'x', b: 1 }]],
    ['record', z.record(z.string(), z.int()), [{}, { a: 1 }, { a: 'x' }, [1]]],
    ['union', z.union([z.string(), z.object({ n: z.number() })]), ['x', { n: 1 }, { n: 'x' }, 1]],
    ['discriminated union', z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.int() })]), [
      { kind: 'a', a: 'x' },
      { kind: 'b', b: 1 },
      { kind: 'a', b: 1 },
      { kind: 'c' },
    ]],
    ['intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.int() })), [{ a: 'x', b: 1 }, { a: 'x' }]],
    ['nullish', z.string().nullish(), [null, undefined, 'x', 1]],
    ['default', z.object({ n: z.int().default(3) }), [{}, { n: 1 }, { n: 'x' }]],
    ['pipe (its input)', z.string().pipe(z.string()), ['x', 1]],
    ['readonly', z.array(z.string()).readonly(), [['x'], [1]]],
    ['lazy', z.lazy(() => z.object({ a: z.string() })), [{ a: 'x' }, { a: 1 }]],
    ['any', z.any(), [1, null, {}, 'x']],
    ['lazySchema proxies, optional and nullable', z.object({ id: lazySchema(() => z.string().optional()), at: lazySchema(() => z.string().nullable()) }), [
      { at: null },
      { id: 'x', at: 'y' },
      { id: 1, at: null },
      { id: 'x' },
    ]],
  ]
  for (const [name, schema, values] of cases) {
    it(`${name}: accepts what zod accepts, refuses what it refuses`, () => {
      for (const value of values) expect([value, fits(schema, value)]).toEqual([value, schema.safeParse(value).success])
    })
  }

  it("leaves value rules to the server: lengths, patterns and formats are not the browser's to check", () => {
    expect(z.uuid().safeParse('not-a-uuid').success).toBe(false)
    expect(fits(z.uuid(), 'not-a-uuid')).toBe(true)
    expect(fits(z.string().min(3), '')).toBe(true)
    expect(fits(z.uuid(), 7)).toBe(false)
  })

  it('stops at a kind of schema it has no shape for, naming it', () => {
    expect(() => answerShapeOf(z.bigint())).toThrow('no shape for a zod bigint schema')
    expect(() => answerShapeOf(z.date())).toThrow('no shape for a zod date schema')
  })

  const shapes = answerShapesOf(contract as unknown as Record<string, unknown>)
  const routes = contractRoutes(contract as unknown as Record<string, unknown>)

  it("has a shape for every route the contract's modules export", () => {
    expect(routes.length).toBeGreaterThan(60)
    for (const route of routes) expect(shapes[answerKey(route)], answerKey(route)).toBeDefined()
    // Routes whose path the console fills in are still known by the path the contract wrote.
    expect(shapes[answerKey(contract.mediaInfoRoute('2026/11/a b.mp4'))]).toEqual(shapes[answerKey(contract.uploadRoutes.getMediaInfo)])
    expect(shapes[answerKey(contract.pathWithId(contract.memoriesRoutes.updateFlashcard, 7))]).toEqual(shapes[answerKey(contract.memoriesRoutes.updateFlashcard)])
    expect(shapes['POST /user/api/loginByEmail']).toEqual(['o', { success: ['l', true], msg: ['l', 'ok'], token: 's', username: 's', user_id: ['?', 's'] }, 0])
  })

  // Every route's answers, made from its shape with texts that pass the contract's usual rules: whatever
  // zod accepts the shape accepts (no learner sees "unexpected data format" for a good answer), and a
  // value of the wrong type put anywhere in an answer zod accepted is refused by both alike.
  const TEXTS = ['', 'a', 'ok', 'Episode 1', '7c9e6679-7425-40de-944b-e07fc1f70f4a', '2026-11-29T10:00:00.000Z', '2026-11-29', 'https://example.com/a.mp3', 'user@example.com', 'en']
  const sample = (shape: AnswerShape): fc.Arbitrary<unknown> => {
    switch (shape) {
      case '*':
        return fc.constantFrom(null, 1, 'x')
      case 's':
        return fc.constantFrom(...TEXTS)
      case 'n':
        return fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
      case 'i':
        return fc.integer({ min: 0, max: 10_000 })
      case 'b':
        return fc.boolean()
      case 'z':
        return fc.constant(null)
    }
    switch (shape[0]) {
      case 'l':
        return fc.constantFrom(...shape.slice(1))
      case 'a':
        return fc.array(sample(shape[1]), { maxLength: 3 })
      case 't':
        return fc.tuple(...shape[1].map(sample))
      case 'o':
        return fc.record(Object.fromEntries(Object.entries(shape[1]).map(([k, s]) => [k, sample(s)])), { requiredKeys: Object.keys(shape[1]).filter((k) => !(Array.isArray(shape[1][k]) && shape[1][k]![0] === '?')) })
      case 'r':
        return fc.dictionary(fc.constantFrom('a', 'b'), sample(shape[1]), { maxKeys: 2 })
      case 'u':
        return fc.oneof(...shape.slice(1).map((s) => sample(s as AnswerShape)))
      case '&':
        return sample(shape[1] as AnswerShape)
      case '?':
        return sample(shape[1])
      case 'N':
        return fc.oneof(fc.constant(null), sample(shape[1]))
    }
  }
  /** The value with the node at `path` (a list of keys) replaced. */
  const replaced = (value: unknown, path: Array<string | number>, by: unknown): unknown => {
    if (path.length === 0) return by
    const [key, ...rest] = path
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
    copy[key!] = replaced(copy[key!], rest, by)
    return copy
  }
  const nodePaths = (value: unknown, path: Array<string | number> = []): Array<Array<string | number>> =>
    value !== null && typeof value === 'object' ? [path, ...Object.entries(value).flatMap(([k, v]) => nodePaths(v, [...path, Array.isArray(value) ? Number(k) : k]))] : [path]
  const OTHER_TYPE = (value: unknown) => (typeof value === 'string' ? 7 : typeof value === 'number' ? 'seven' : typeof value === 'boolean' ? 'true' : value === null ? false : Array.isArray(value) ? {} : [])

  it('agrees with zod on every route: answers zod accepts fit, a wrong type anywhere does not', () => {
    let accepted = 0
    for (const route of routes) {
      const shape = shapes[answerKey(route)]!
      fc.assert(
        fc.property(sample(shape), fc.nat(), (answer, pick) => {
          if (!route.response.safeParse(answer).success) return
          accepted += 1
          expect(fitsShape(shape, answer), `${answerKey(route)} ${JSON.stringify(answer)}`).toBe(true)
          const paths = nodePaths(answer)
          const path = paths[pick % paths.length]!
          const at = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], answer)
          const wrong = replaced(answer, path, OTHER_TYPE(at))
          expect(fitsShape(shape, wrong), `${answerKey(route)} ${JSON.stringify(wrong)}`).toBe(route.response.safeParse(wrong).success)
        }),
        { numRuns: 60, seed: 20_261_129 },
      )
    }
    // Most routes' sampled answers must pass zod, or the agreement above says little.
    expect(accepted).toBeGreaterThan(routes.length * 30)
  })
})
