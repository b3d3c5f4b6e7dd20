import { describe, expect, it } from 'vitest'
import { withoutSchemaCode } from './server-only-schemas'

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
