import fc from 'fast-check'
import { z } from 'zod'

/**
 * Valid-looking values for a zod 4 schema, the job zod-fast-check does for
 * zod 3. The schema is read through `z.toJSONSchema` (input side, so
 * preprocess and transform steps show what a caller sends); real values
 * (ids, hash ids, stored paths of existing rows) are mixed in, so requests
 * reach past "not found" into the code that works on rows.
 */

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: unknown
}

/** Values of rows that exist, mixed into generated strings and integers. */
export interface ValuePools {
  strings: readonly string[]
  integers: readonly number[]
}

export function toJsonSchema(schema: unknown): JsonSchema {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return {}
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    // A schema JSON Schema cannot describe (e.g. a cycle): anything goes.
    return {}
  }
}

const INT_SPAN = 1_000_000

function withPool<T>(base: fc.Arbitrary<T>, pool: readonly T[]): fc.Arbitrary<T> {
  return pool.length === 0 ? base : fc.oneof({ weight: 3, arbitrary: base }, { weight: 2, arbitrary: fc.constantFrom(...pool) })
}

/**
 * Decimal numbers at the edges of PostgreSQL's `integer` (every id column) and past it. A pattern
 * of digits (`^\d{1,10}(,\d{1,10})*$`, a list of ids in a query) lets them through, but
 * `fc.stringMatching` at size xsmall writes only short numbers: without these, a digits-only id
 * field the schema does not bound by value was never sent a number PostgreSQL refuses.
 */
const EDGE_DIGITS = ['0', '1', '2147483647', '2147483648', '2147483649', '4294967296', '9999999999', '99999999999', '9007199254740993']

/** Edge numbers, real ids, and comma-separated pairs of them, as far as `re` admits them. */
function digitEdges(re: RegExp, pools: ValuePools): string[] {
  const real = pools.integers.filter((n) => Number.isSafeInteger(n) && n >= 0).map(String)
  const singles = [...new Set([...EDGE_DIGITS, ...real])]
  const pairs = singles.flatMap((a) => EDGE_DIGITS.flatMap((b) => [`${a},${b}`, `${b},${a}`]))
  return [...new Set([...singles, ...pairs])].filter((candidate) => re.test(candidate))
}

function stringArbitrary(s: JsonSchema, pools: ValuePools): fc.Arbitrary<string> {
  const min = s.minLength ?? 0
  const max = Math.max(min, Math.min(s.maxLength ?? 24, 24))
  let base: fc.Arbitrary<string>
  if (s.pattern) {
    let re: RegExp | undefined
    try {
      re = new RegExp(s.pattern)
    } catch {
      re = undefined
    }
    const edges = re ? digitEdges(re, pools) : []
    base = re ? fc.stringMatching(re, { size: 'xsmall' }) : fc.string({ minLength: min, maxLength: max })
    if (edges.length > 0) base = fc.oneof({ weight: 3, arbitrary: base }, { weight: 2, arbitrary: fc.constantFrom(...edges) })
  } else {
    base = fc.oneof(fc.string({ minLength: min, maxLength: max }), fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: 'grapheme' }))
  }
  return withPool(base, pools.strings)
}

function numberArbitrary(s: JsonSchema, integer: boolean, pools: ValuePools): fc.Arbitrary<number> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -INT_SPAN)
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : INT_SPAN)
  const min = Math.max(lo, -INT_SPAN * 1000)
  const max = Math.min(hi, Math.max(min, INT_SPAN * 1000))
  const base = integer
    ? fc.oneof(fc.integer({ min, max: Math.min(max, min + 100) }), fc.integer({ min, max }))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  return integer ? withPool(base, pools.integers) : base
}

/** Anything a JSON body may hold, small. */
export const anyValue = (pools: ValuePools): fc.Arbitrary<unknown> =>
  fc.oneof(
    withPool(fc.string({ maxLength: 12 }), pools.strings),
    withPool(fc.integer(), pools.integers),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 2 }),
  )

export function arbitraryFor(s: JsonSchema, pools: ValuePools, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, pools, depth + 1)))
  if (s.allOf && s.allOf.length > 0) return arbitraryFor(s.allOf[0]!, pools, depth + 1)
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryFor({ ...s, type }, pools, depth + 1)))
  switch (s.type) {
    case 'string':
      return stringArbitrary(s, pools)
    case 'integer':
      return numberArbitrary(s, true, pools)
    case 'number':
      return numberArbitrary(s, false, pools)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const minLength = s.minItems ?? 0
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? 4, 4))
      return fc.array(s.items ? arbitraryFor(s.items, pools, depth + 1) : anyValue(pools), { minLength, maxLength })
    }
    case 'object': {
      const properties = s.properties ?? {}
      const keys = Object.keys(properties)
      if (keys.length === 0) {
        const values = typeof s.additionalProperties === 'object' ? arbitraryFor(s.additionalProperties, pools, depth + 1) : anyValue(pools)
        return fc.dictionary(fc.string({ maxLength: 8 }), values, { maxKeys: 3 })
      }
      const model = Object.fromEntries(keys.map((k) => [k, arbitraryFor(properties[k]!, pools, depth + 1)]))
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in properties) })
    }
    default:
      return anyValue(pools)
  }
}
