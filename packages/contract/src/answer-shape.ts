/**
 * What a JSON answer must look like, as plain data: its types and structure, read off a route's
 * response schema at build time (answer-shape-of.ts), so that the browser checks the server's answers
 * without zod (docs/decisions/0032-the-browser-checks-answers-without-zod.md). Value rules (lengths,
 * patterns, formats, refinements) are the server's to keep; the browser asks only whether the answer is
 * of the shape its screens read, which is what "Received unexpected data format from API." is about.
 *
 * Written as short tagged arrays, because a build carries one per route:
 */
export type AnswerShape =
  /** Anything (`z.any()`, a custom check, a transform's input). */
  | '*'
  | 's'
  | 'n'
  /** An integer. */
  | 'i'
  | 'b'
  /** `null`. */
  | 'z'
  /** One of these values (literals, enums). */
  | readonly ['l', ...Array<string | number | boolean | null>]
  | readonly ['a', AnswerShape]
  /** A tuple: its items, then the shape of any further item (or 0: none). */
  | readonly ['t', readonly AnswerShape[], AnswerShape | 0]
  /** An object: its keys' shapes; other keys are allowed unless the third item is 1 (a strict object). */
  | readonly ['o', Readonly<Record<string, AnswerShape>>, 0 | 1]
  /** An object used as a map: every value of this shape. */
  | readonly ['r', AnswerShape]
  /** Any of these shapes. */
  | readonly ['u', ...AnswerShape[]]
  /** All of these shapes. */
  | readonly ['&', ...AnswerShape[]]
  /** May be missing (an object's key) or undefined. */
  | readonly ['?', AnswerShape]
  /** May be null. */
  | readonly ['N', AnswerShape]

/** The key the console looks an answer's shape up by: the path as the contract wrote it, also on a route whose path was filled in. */
export const answerKey = (route: { method: string; path: string; pathTemplate?: string }): string => `${route.method} ${route.pathTemplate ?? route.path}`

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Whether `value` (a parsed JSON answer) has the shape. */
export function fitsShape(shape: AnswerShape, value: unknown): boolean {
  switch (shape) {
    case '*':
      return true
    case 's':
      return typeof value === 'string'
    case 'n':
      return typeof value === 'number' && Number.isFinite(value)
    case 'i':
      return Number.isSafeInteger(value)
    case 'b':
      return typeof value === 'boolean'
    case 'z':
      return value === null
  }
  switch (shape[0]) {
    case 'l':
      return shape.some((literal, i) => i > 0 && literal === value)
    case 'a':
      return Array.isArray(value) && value.every((item) => fitsShape(shape[1], item))
    case 't': {
      if (!Array.isArray(value)) return false
      const [, items, rest] = shape
      if (value.length < items.filter((item) => !isOptional(item)).length) return false
      if (rest === 0 && value.length > items.length) return false
      return value.every((item, i) => fitsShape(i < items.length ? items[i]! : (rest as AnswerShape), item))
    }
    case 'o': {
      if (!isObject(value)) return false
      const [, keys, strict] = shape
      for (const key of Object.keys(keys)) {
        if (!fitsShape(keys[key]!, Object.hasOwn(value, key) ? value[key] : undefined)) return false
      }
      return strict === 0 || Object.keys(value).every((key) => Object.hasOwn(keys, key))
    }
    case 'r':
      return isObject(value) && Object.values(value).every((item) => fitsShape(shape[1], item))
    case 'u':
      return shape.some((option, i) => i > 0 && fitsShape(option as AnswerShape, value))
    case '&':
      return shape.every((part, i) => i === 0 || fitsShape(part as AnswerShape, value))
    case '?':
      return value === undefined || fitsShape(shape[1], value)
    case 'N':
      return value === null || fitsShape(shape[1], value)
  }
}

const isOptional = (shape: AnswerShape): boolean => Array.isArray(shape) && shape[0] === '?'
