import { describe, expect, it } from 'vitest'
import { loadedFirst, preloadsOf } from './chunk-graph.ts'

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

describe('preloadsOf', () => {
  const deps = ['assets/store-a1B2c3D4.js', 'assets/card-back-Zz9_xx01.js']

  it('preloads nothing for the chunks imported after the first screen', () => {
    expect(preloadsOf('assets/offline-plugins-iIo-5obs.js', ['assets/offline-plugins-iIo-5obs.js', ...deps])).toEqual([])
    expect(preloadsOf('assets/UpdatePrompt-BwvjJeXf.js', deps)).toEqual([])
  })

  it("keeps a screen's preloads, and those of a chunk whose name only ends like one of them", () => {
    expect(preloadsOf('assets/PlayerScreen-B1234567.js', deps)).toEqual(deps)
    expect(preloadsOf('assets/plugins-Br4pt26J.js', deps)).toEqual(deps)
    expect(preloadsOf('assets/not-offline-plugins-Br4pt26J.js', deps)).toEqual(deps)
  })
})
