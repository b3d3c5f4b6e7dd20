import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve(import.meta.dirname, '..')
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })

// In the browser's build 'zod' is zod only once api/with-zod.ts has run (zod-on-demand.ts, decision 0032):
// a module that parses with a schema or builds one without importing it would fail there, at run time only.
describe("the browser's zod", () => {
  it('is loaded by every console module that parses with a schema or builds one', () => {
    const needing = sources(SRC).filter((file) => {
      const text = readFileSync(file, 'utf8')
      return /\.safeParse\(|\.parse\(|from 'zod(\/v4)?'/.test(text.replace(/\b(JSON|Date)\.parse\(/g, ''))
    })
    const relative = (file: string) => path.relative(SRC, file)
    // The client parses with zod only in Node (its browser check is by shape); with-zod and zod-on-demand
    // are the mechanism; the stored chat's schema is read by the build for its shape, and by tests (below).
    const exempt = ['api/client.ts', 'api/with-zod.ts', 'api/zod-on-demand.ts', 'features/tutor/chat-entry.ts']
    const missing = needing.filter((file) => !exempt.includes(relative(file)) && !/import '[./]*api\/with-zod'|import '\.\/with-zod'/.test(readFileSync(file, 'utf8')))
    expect(needing.map(relative)).toContain('features/feeds/components/ImportFeedDialog.tsx')
    expect(missing.map(relative)).toEqual([])
  })

  it("leaves the stored chat's schema to the build: the console imports only its type", () => {
    const importers = sources(SRC).filter((file) => /from '\.\/chat-entry'|features\/tutor\/chat-entry'/.test(readFileSync(file, 'utf8')))
    expect(importers.length).toBeGreaterThan(0)
    for (const file of importers) expect(readFileSync(file, 'utf8'), path.relative(SRC, file)).not.toMatch(/(import|export) (?!type )[^\n]*from '[^']*chat-entry'/)
  })
})
