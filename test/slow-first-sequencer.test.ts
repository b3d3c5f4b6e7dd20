import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TestSpecification, Vitest } from 'vitest/node'
import { SLOW_FIRST, SlowFirstSequencer } from './slow-first-sequencer'

const root = path.resolve(import.meta.dirname, '..')

/** A file of a project, as vitest hands it to the sequencer on a clean clone: no timings, only sizes. */
function spec(project: string, groupOrder: number, file: string, size: number) {
  return { project: { name: project, config: { sequence: { groupOrder }, isolate: true } }, moduleId: path.join(root, file), size } as unknown as TestSpecification & { size: number }
}

describe('the order test files are given out in', () => {
  it('names only files that exist', () => {
    expect(SLOW_FIRST.filter((file) => !existsSync(path.join(root, file)))).toEqual([])
  })

  it('starts the longest files first within their project, and keeps the projects and the rest in vitest order', async () => {
    const files = [
      spec('server', 1, 'test/big-but-quick.test.ts', 9_000),
      spec('e2e', 2, 'e2e/player.e2e.ts', 5_000),
      spec('server', 1, SLOW_FIRST[1]!, 100),
      spec('server', 1, 'test/small.test.ts', 10),
      spec('console', 0, 'apps/console/src/a.test.ts', 50),
      spec('server', 1, SLOW_FIRST[0]!, 200),
    ]
    const sizes = new Map(files.map((f) => [path.relative(root, f.moduleId), f.size]))
    const ctx = {
      config: { root },
      cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: sizes.get(key.slice(key.indexOf(':') + 1))! }) },
    } as unknown as Vitest
    const sorted = await new SlowFirstSequencer(ctx).sort(files)
    expect(sorted.map((f) => `${f.project.name} ${path.relative(root, f.moduleId)}`)).toEqual([
      'console apps/console/src/a.test.ts',
      `server ${SLOW_FIRST[0]}`,
      `server ${SLOW_FIRST[1]}`,
      'server test/big-but-quick.test.ts',
      'server test/small.test.ts',
      'e2e e2e/player.e2e.ts',
    ])
  })
})
