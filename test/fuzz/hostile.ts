import fc from 'fast-check'
import type { JsonSchema, ValuePools } from './schema-arbitrary'

/**
 * What a careless or hostile client sends instead of a valid value: NUL
 * bytes, numbers PostgreSQL cannot store, numbers written the way
 * `Number()` still reads them, wrong types, huge and odd text.
 */

const HUGE = 'x'.repeat(100_000)
const HUGE_UNICODE = 'é🎧'.repeat(25_000)
/** Beyond the 1 MB body limit once encoded. */
const OVER_LIMIT = 'y'.repeat(1_100_000)

/** Strings `Number()` reads as a number although they are not decimal digits: an id must refuse them. */
export const LENIENT_NUMBERS = ['0x1', ' 1', '1 ', '1%20', '1.0', '1e0', '+1', '0b1', '0o1', '01.', '\t1', '1\n', '１', '٣'] as const

const NUL = ['\u0000', 'a\u0000b', 'title\u0000', '\u0000'.repeat(8), '%00', '\\u0000']
/** NUL inside text that has a structure of its own (lines and separators, markup, JSON), so it reaches past a parser. */
const NUL_IN_STRUCTURE = ['a,b\nc\u0000,d\n', 'a;b\tc\nd\u0000;e\tf\n', '"a","b"\n"c\u0000","d"\n', '<a>\u0000</a>', '{"a":"\u0000"}', 'k=\u0000&v=1', 'line\n\u0000\nline']
const NUMBERS = [-1, 0, -0, 0.5, 1.5, -(2 ** 31), 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, Number.MIN_VALUE, 1.0000001]
const NUMERIC_TEXT = ['NaN', 'Infinity', '-Infinity', '-1', '0', '1.5', '-0', '2147483648', '4294967296', '9007199254740993', '99999999999999999999', '1e400', '1,2', '', ...LENIENT_NUMBERS]
const WRONG_TYPES: unknown[] = [null, true, false, [], [1], ['a', 'b'], [null], {}, { a: 1 }, [[[[]]]], { id: { id: { id: 1 } } }, JSON.parse('{"__proto__":{"polluted":1}}'), { constructor: { prototype: { polluted: 1 } } }]
const UNICODE = ['\u202eRTL override', 'שלום عربى', '🎧👩‍👩‍👧‍👦', 'e\u0301\u0301\u0301', '\ufeffBOM', '\ud800', '\udfff lone', '\uffff', '\u200b', 'a\r\nb', '\t', ' ', '   ', 'Ω≈ç√∫', '\u0085\u2028\u2029']
const INJECTION = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' or 1=1 --",
  '"; drop table users; --',
  '${7*7}',
  '{{7*7}}',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '/uploads/../../etc/passwd',
  '/demo/../../package.json',
  '\\\\server\\share',
  'C:\\boot.ini',
  '=cmd|calc',
  '@SUM(1)',
  '%',
  '%zz',
  '%E0%A4%A',
]
/** Addresses the server must never reach (loopback, private, metadata, other schemes); the test's tripwire refuses any other. */
export const UNREACHABLE_URLS = [
  'http://127.0.0.1:9/a.mp3',
  'http://127.0.0.1:9/feed.xml',
  'https://127.0.0.1:9/v.mp4',
  'http://[::1]:9/x.jpg',
  'http://[::127.0.0.1]:9/x',
  'http://[::ffff:127.0.0.1]:9/x',
  'http://0.0.0.0:9/',
  'http://2130706433:9/',
  'http://0x7f000001:9/',
  'http://localhost:9/x.mp3',
  'http://10.0.0.1/x.mp3',
  'http://169.254.169.254/latest/meta-data/',
  'http://user:pw@127.0.0.1:9/',
  'file:///etc/passwd',
  'ftp://127.0.0.1/x',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  'youtube:dQw4w9WgXcQ',
  'youtube:\u0000',
]


/** A hostile value; also real values bent out of shape (an id plus a NUL, in hex, negated, halved). */
export function hostileValue(pools: ValuePools): fc.Arbitrary<unknown> {
  const bent: fc.Arbitrary<unknown>[] = []
  if (pools.integers.length > 0) {
    bent.push(
      fc.constantFrom(...pools.integers).chain((id) =>
        fc.constantFrom<unknown>(`0x${id.toString(16)}`, ` ${id}`, `${id} `, `${id}%20`, `${id}.0`, `${id}.5`, id + 0.5, -id, id + 2 ** 31, id * 2 ** 32, `${id}\u0000`, [id], { id }, String(id)),
      ),
    )
  }
  if (pools.strings.length > 0) {
    bent.push(
      fc.constantFrom(...pools.strings).chain((s) =>
        fc.constantFrom<unknown>(`${s}\u0000`, `\u0000${s}`, ` ${s} `, s.toUpperCase(), `${s}/..`, `${s}%00`, encodeURIComponent(s), `${s}?x=1`, `${s}#x`, [s], { s }, s.repeat(40)),
      ),
    )
  }
  // By kind, not by how many constants a kind has: NUL (the commonest 500) as often as any two others.
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...NUL, ...NUL_IN_STRUCTURE) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...NUMERIC_TEXT) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...UNICODE) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...INJECTION) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...UNREACHABLE_URLS) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(HUGE, HUGE_UNICODE, `${HUGE}\u0000`) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }) },
    ...bent.map((arbitrary) => ({ weight: 3, arbitrary })),
  )
}

/** Rarely: a value past the body limit. */
export const overLimit = fc.constant(OVER_LIMIT)

export type PathKey = string | number
export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'addKey'; at: number; key: string; value: unknown }

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', '', ' ', 'a\u0000', 'x'.repeat(500), '0', 'toString', 'hasOwnProperty', '$where', 'id']

export function mutations(pools: ValuePools): fc.Arbitrary<Mutation[]> {
  const one: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 6, arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue(pools) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('addKey' as const), at: fc.nat(), key: fc.constantFrom(...HOSTILE_KEYS), value: hostileValue(pools) }) },
  )
  // Two in five inputs stay valid-looking, to reach the code past validation; the rest carry one to three changes.
  return fc.oneof({ weight: 2, arbitrary: fc.constant<Mutation[]>([]) }, { weight: 3, arbitrary: fc.array(one, { minLength: 1, maxLength: 3 }) })
}

const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => typeof v === 'object' && v !== null

/** Every position in a value, the value itself first. */
export function positions(value: unknown): PathKey[][] {
  const out: PathKey[][] = []
  const walk = (v: unknown, at: PathKey[]) => {
    out.push(at)
    if (at.length > 6 || !isContainer(v)) return
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...at, i]))
    else for (const k of Object.keys(v)) walk(v[k], [...at, k])
  }
  walk(value, [])
  return out
}

/** A deep copy that keeps an own `__proto__` key as data. */
function clone(v: unknown): unknown {
  if (!isContainer(v)) return v
  if (Array.isArray(v)) return v.map(clone)
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(v)) define(out, k, clone(v[k]))
  return out
}

function define(target: Record<string, unknown> | unknown[], key: PathKey, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

function getAt(root: unknown, at: PathKey[]): unknown {
  return at.reduce<unknown>((v, k) => (isContainer(v) ? (v as Record<PathKey, unknown>)[k] : undefined), root)
}

export interface Applied {
  value: unknown
  /** Positions replaced by a hostile value, with that value (for the strict-number check). */
  replaced: Array<{ at: PathKey[]; value: unknown }>
}

export function applyMutations(value: unknown, list: Mutation[]): Applied {
  let root = clone(value)
  const replaced: Applied['replaced'] = []
  for (const m of list) {
    const all = positions(root)
    const at = all[m.at % all.length]!
    if (m.op === 'replace') {
      if (at.length === 0) root = clone(m.value)
      else define(getAt(root, at.slice(0, -1)) as Record<string, unknown>, at.at(-1)!, clone(m.value))
      replaced.push({ at, value: m.value })
    } else if (m.op === 'delete') {
      if (at.length === 0) root = undefined
      else {
        const parent = getAt(root, at.slice(0, -1))
        if (Array.isArray(parent)) parent.splice(Number(at.at(-1)), 1)
        else if (isContainer(parent)) delete (parent as Record<string, unknown>)[at.at(-1)!]
      }
    } else {
      const target = getAt(root, at)
      if (isContainer(target) && !Array.isArray(target)) define(target, m.key, clone(m.value))
    }
  }
  return { value: root, replaced }
}

/** The schema node at a position of a value of `schema`, when the path leads through known properties. */
export function schemaAt(schema: JsonSchema, at: PathKey[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema
  for (const k of at) {
    if (!node) return undefined
    if (typeof k === 'number') node = node.items
    else node = node.properties?.[k]
  }
  return node
}

/** True when a schema admits only numbers (no string alternative), so a lenient numeric string must be refused. */
export function numbersOnly(s: JsonSchema | undefined): boolean {
  if (!s) return false
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return alternatives.every((a) => numbersOnly(a) || a.type === 'null')
  return s.type === 'integer' || s.type === 'number'
}

/** Query-string or form pairs: arrays repeat the key, nested objects use `key[sub]`. */
export function toPairs(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === undefined) return []
  if (!isContainer(value)) return [[prefix || String(value), prefix ? String(value) : '']]
  if (Array.isArray(value)) return value.flatMap((v) => (isContainer(v) && !Array.isArray(v) ? toPairs(v, `${prefix}[]`) : ([[prefix || '[]', String(v)]] as Array<[string, string]>)))
  return Object.keys(value).flatMap((k) => toPairs(value[k], prefix ? `${prefix}[${k}]` : k))
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is
 * written as the bytes WTF-8 would give it: invalid UTF-8 for the server to read.
 */
export function encodeComponent(text: string): string {
  let out = ''
  for (const ch of text) {
    const cp = ch.charCodeAt(0)
    out += ch.length === 1 && cp >= 0xd800 && cp <= 0xdfff ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('') : encodeURIComponent(ch)
  }
  return out
}

export const encodePairs = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')

/** Query fragments sent as they are, not encoded: broken escapes, a raw NUL escape, repeated keys. */
export const RAW_QUERY = ['%', '%zz', '%E0%A4%A', 'a=%00', 'a=%ff%fe', '&&&', '=', 'a[b][c][d]=1', 'a=1&a=2&a=3', '__proto__[x]=1', 'constructor[prototype][x]=1']
/** Path segments sent as they are. */
export const RAW_SEGMENTS = ['%00', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2f..%2f', '%ff', '%', '%zz', '.', '..', '%2F', 'a%00.mp3', '%C0%AE%C0%AE%2F']
