import type { z } from 'zod'
import { answerKey, type AnswerShape } from './answer-shape'
import type { RouteContract } from './http'

interface Def {
  type: string
  [key: string]: unknown
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def

/** An integer number: `z.int()` (a number format) or `z.number().int()` (a number with that format as a check). */
const isInteger = (def: Def): boolean =>
  String(def.format ?? '').includes('int') || ((def.checks as unknown[] | undefined) ?? []).some((check) => String(defOf(check).format ?? '').includes('int'))

/**
 * The shape of what a schema accepts (its input side: the JSON as the server sends it), read off zod's
 * definitions at build time. Walked through the definitions rather than z.toJSONSchema, which cannot
 * follow the contract's lazy schemas where they are optional or nullable. A kind of schema not known here
 * stops the build with its name, so an answer is never let through unchecked by mistake.
 */
export function answerShapeOf(schema: z.ZodType, depth = 0): AnswerShape {
  if (depth > 40) throw new Error('answerShapeOf: the schema nests deeper than 40 levels (a recursive schema?)')
  const of = (inner: unknown) => answerShapeOf(inner as z.ZodType, depth + 1)
  const def = defOf(schema)
  switch (def.type) {
    case 'any':
    case 'unknown':
    case 'custom':
    case 'transform':
    case 'catch':
      return '*'
    case 'string':
    case 'template_literal':
      return 's'
    case 'number':
      return isInteger(def) ? 'i' : 'n'
    case 'boolean':
      return 'b'
    case 'null':
      return 'z'
    case 'literal':
      return ['l', ...(def.values as Array<string | number | boolean | null>)]
    case 'enum':
      return ['l', ...(Object.values(def.entries as Record<string, string | number>))]
    case 'array':
      return ['a', of(def.element)]
    case 'tuple':
      return ['t', (def.items as unknown[]).map(of), def.rest ? of(def.rest) : 0]
    case 'object': {
      const shape = def.shape as Record<string, unknown>
      const keys: Record<string, AnswerShape> = {}
      for (const key of Object.keys(shape)) keys[key] = of(shape[key])
      return ['o', keys, def.catchall && defOf(def.catchall).type === 'never' ? 1 : 0]
    }
    case 'record':
      return ['r', of(def.valueType)]
    case 'union':
      return ['u', ...(def.options as unknown[]).map(of)]
    case 'intersection':
      return ['&', of(def.left), of(def.right)]
    case 'optional':
    case 'default':
    case 'prefault':
      return ['?', of(def.innerType)]
    case 'nullable':
      return ['N', of(def.innerType)]
    case 'readonly':
    case 'nonoptional':
      return of(def.innerType)
    case 'pipe':
      return of(def.in)
    case 'lazy':
      return of((def.getter as () => unknown)())
    default:
      throw new Error(`answerShapeOf: no shape for a zod ${def.type} schema`)
  }
}

const isRoute = (value: unknown): value is RouteContract =>
  typeof value === 'object' && value !== null && typeof (value as RouteContract).path === 'string' && typeof (value as RouteContract).method === 'string' && 'response' in value

/** Every route among the contract's exports: a module's routes, or a route exported by itself. */
export function contractRoutes(contract: Record<string, unknown>): RouteContract[] {
  return Object.values(contract).flatMap((value) => {
    if (isRoute(value)) return [value]
    if (typeof value !== 'object' || value === null || '_zod' in value) return []
    return Object.values(value).filter(isRoute)
  })
}

/** The shape of every route's answer among the contract's exports, by answerKey. Two routes with one key must agree. */
export function answerShapesOf(contract: Record<string, unknown>): Record<string, AnswerShape> {
  const shapes: Record<string, AnswerShape> = {}
  for (const route of contractRoutes(contract)) {
    const key = answerKey(route)
    const shape = answerShapeOf(route.response)
    if (key in shapes && JSON.stringify(shapes[key]) !== JSON.stringify(shape)) throw new Error(`answerShapesOf: two routes ${key} answer differently`)
    shapes[key] = shape
  }
  return shapes
}
