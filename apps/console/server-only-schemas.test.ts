import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withoutSchemaCode } from './server-only-schemas'

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return files(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })

const contractModule = `import { z } from 'zod'
import { defineRoute } from './http'
import { fieldRule, lazySchema } from './lazy-schema'
import { MEMORIES_MSG } from './messages'

/** Kept: a constant the console shows. */
export const DECK_NAME_MAX = 100
export const deck = lazySchema(() => z.object({ id: z.number().int(), name: z.string().max(DECK_NAME_MAX, MEMORIES_MSG.tooLong) }))
export const title = fieldRule(() => z.string().trim().min(1, 'The name — one line — cannot be empty'))
export const createDeck = defineRoute({
  method: 'POST',
  path: '/english_vocab/memories/deck',
  body: lazySchema(function () { return z.object({ name: title }) }),
  response: lazySchema(() => z.object({ deck })),
})
`

describe("the browser's build of a contract module", () => {
  const stripped = withoutSchemaCode(contractModule, '/repo/packages/contract/src/memories.ts', '/stub.ts')!.code

  it('hands every lazySchema the stub instead of its builder, so no zod call of those schemas is left', () => {
    expect(stripped).toContain('import { serverOnlySchema } from "/stub.ts"')
    expect(stripped.match(/lazySchema\(serverOnlySchema\)/g)).toHaveLength(3)
    expect(stripped).not.toContain('z.object(')
    expect(stripped).not.toContain('MEMORIES_MSG.tooLong')
  })

  it("keeps a fieldRule's builder (the dialog runs it), and the route's method, path and constants", () => {
    expect(stripped).toContain("fieldRule(() => z.string().trim().min(1, 'The name — one line — cannot be empty'))")
    expect(stripped).toContain("path: '/english_vocab/memories/deck'")
    expect(stripped).toContain('export const DECK_NAME_MAX = 100')
  })

  it('leaves a module that builds no schema as it is', () => {
    expect(withoutSchemaCode("export const MAX_ID = 2_147_483_647\nexport const pathWithId = (p: string) => p\n", '/repo/packages/contract/src/constants.ts')).toBeUndefined()
  })
})

describe("the contract's schemas the console runs", () => {
  it('are each a fieldRule, whose code the browser keeps: any other parses on the server only', () => {
    const contract = files(path.resolve(import.meta.dirname, '../../packages/contract/src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    const fieldRules = new Set([...contract.matchAll(/export const (\w+) = fieldRule\(/g)].map((m) => m[1]))
    const parsed: string[] = []
    for (const file of files(path.resolve(import.meta.dirname, 'src'))) {
      const text = readFileSync(file, 'utf8')
      const fromContract = new Set(
        [...text.matchAll(/import (?!type )\{([^}]*)\} from '@lingocast\/contract'/g)].flatMap((m) => m[1]!.split(',').map((name) => name.trim()).filter((name) => name && !name.startsWith('type '))),
      )
      for (const [, name] of text.matchAll(/\b(\w+)\.(?:safeParse|parse|parseAsync|safeParseAsync)\(/g)) {
        if (fromContract.has(name!)) parsed.push(`${path.relative(import.meta.dirname, file)}: ${name}`)
      }
    }
    // The Import RSS and Rename dialogs check their field before they send.
    expect(parsed).toEqual(expect.arrayContaining([expect.stringContaining(': rssUrl'), expect.stringContaining(': feedTitle')]))
    expect(parsed.filter((entry) => !fieldRules.has(entry.split(': ')[1]!))).toEqual([])
  })
})
