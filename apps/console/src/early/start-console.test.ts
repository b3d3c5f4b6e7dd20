import { afterEach, describe, expect, it, vi } from 'vitest'
import { startConsoleAfterPaint } from './start-console'

/** A page as far as start-console.ts sees it: its head, visibility, animation frames and one template of links. */
function fakePage(visibility: 'visible' | 'hidden') {
  const appended: unknown[] = []
  const frames: Array<() => void> = []
  const listeners: Array<() => void> = []
  vi.stubGlobal('document', {
    visibilityState: visibility,
    head: { append: (node: unknown) => appended.push(node) },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  })
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  const links = { links: ['/console/assets/index-1.js', '/console/assets/Screen-2.js'] }
  const template = { dataset: { main: '/console/assets/index-1.js' }, content: { cloneNode: () => links } } as unknown as HTMLTemplateElement
  return { appended, frames, listeners, links, template }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe("starting the console after the page's first paint", () => {
  it('fetches and runs nothing before the next frame is painted, then adds the links and runs the entry, once', async () => {
    vi.useFakeTimers()
    const page = fakePage('visible')
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    expect(page.appended).toEqual([])
    expect(load).not.toHaveBeenCalled()
    // The frame's callback runs before its paint: still nothing.
    page.frames.forEach((f) => f())
    expect(load).not.toHaveBeenCalled()
    // The task it queued runs after the paint.
    await vi.runAllTimersAsync()
    expect(page.appended).toEqual([page.links])
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
    // The tab hidden later changes nothing.
    page.listeners.forEach((l) => l())
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('starts at once in a hidden tab (it paints no frames), and when the tab is hidden before its first frame', async () => {
    const hidden = fakePage('hidden')
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(hidden.template, load)
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
    vi.unstubAllGlobals()

    const visible = fakePage('visible')
    const later = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(visible.template, later)
    visible.listeners.forEach((l) => l())
    expect(later).toHaveBeenCalledTimes(1)
    expect(visible.appended).toEqual([visible.links])
  })

  it('says so in the console when the entry cannot be loaded', async () => {
    const page = fakePage('hidden')
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    startConsoleAfterPaint(page.template, () => Promise.reject(new Error('offline')))
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The console could not start:', expect.any(Error)))
  })
})
