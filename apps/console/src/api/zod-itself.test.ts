import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from './zod-itself'

const root = path.resolve(import.meta.dirname, '../../../..')
const sourceDirs = ['packages/contract/src', 'apps/console/src']
/** `z.` members that are types only (z.infer, z.ZodType...): erased, so the browser never looks them up. */
const typeOnly = (member: string) => /^(infer|input|output|Zod[A-Z]\w*)$/.test(member)

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** `z.member` as code calls it, comments left out. */
function membersCalled(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
  return [...code.matchAll(/\bz\.([A-Za-z_]\w*)/g)].map((m) => m[1]!)
}

describe("the browser's zod (zod-itself.ts)", () => {
  it('has every member the contract and the console call, or a schema would fail to build in the browser only', () => {
    const used = new Set(sourceDirs.flatMap((dir) => sources(path.join(root, dir)).flatMap((file) => membersCalled(readFileSync(file, 'utf8')))))
    const missing = [...used].filter((member) => !typeOnly(member) && !(member in z))
    expect(missing).toEqual([])
    // The scan finds what the contract is made of (not an empty directory).
    expect(used).toContain('object')
  })

  it('builds and parses with what it has, like zod itself', () => {
    const schema = z.object({ id: z.number(), kind: z.enum(['a', 'b']), at: z.iso.datetime().nullable() })
    expect(schema.safeParse({ id: 1, kind: 'a', at: null }).success).toBe(true)
    expect(schema.safeParse({ id: '1', kind: 'c', at: null }).success).toBe(false)
  })
})
