import { describe, expect, it } from 'vitest'
import { loadedFirst } from './chunk-graph.ts'

/** A module graph by static importers, as the bundler's getModuleInfo gives it. */
const graph: Record<string, { isEntry?: boolean; importers: string[] }> = {
  '/c/src/main.tsx': { isEntry: true, importers: [] },
  '/c/src/app/boot.tsx': { importers: [] },
  '/c/src/app/shell/Sidebar.tsx': { importers: ['/c/src/app/boot.tsx'] },
  '/c/src/features/library/LearningScreen.tsx': { importers: [] },
  '/c/src/features/player/PlayerScreen.tsx': { importers: [] },
  '/c/src/components/ui/Menu.tsx': { importers: ['/c/src/features/library/LearningScreen.tsx', '/c/src/features/player/PlayerScreen.tsx'] },
  '/c/src/components/ui/Tabs.tsx': { importers: ['/c/src/features/player/PlayerScreen.tsx'] },
  '/c/src/lib/format.ts': { importers: ['/c/src/components/ui/Tabs.tsx', '/c/src/app/shell/Sidebar.tsx'] },
  '/c/src/lib/a.ts': { importers: ['/c/src/lib/b.ts'] },
  '/c/src/lib/b.ts': { importers: ['/c/src/lib/a.ts'] },
}
const info = (id: string) => (graph[id] ? { isEntry: false, ...graph[id] } : null)

describe('loadedFirst', () => {
  it('is true of what the start stages or the first screens import, directly or through others', () => {
    expect(loadedFirst('/c/src/components/ui/Menu.tsx', info)).toBe(true)
    expect(loadedFirst('/c/src/lib/format.ts', info)).toBe(true)
    expect(loadedFirst('/c/src/main.tsx', info)).toBe(true)
  })

  it('is false of what only later screens import, and ends on a cycle', () => {
    expect(loadedFirst('/c/src/components/ui/Tabs.tsx', info)).toBe(false)
    expect(loadedFirst('/c/src/lib/a.ts', info)).toBe(false)
  })
})
