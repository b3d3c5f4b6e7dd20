import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_PAINT_WAIT_MS, LINKS_PER_TASK, startConsoleAfterPaint } from './start-console'

/**
 * A page as far as start-console.ts sees it: its head, state and events, paint
 * timing (or, with `paintTiming: false`, only animation frames), and one
 * template of links.
 */
function fakePage({ visibility = 'visible', readyState = 'interactive', paintTiming = true, linkCount = 2 }: { visibility?: DocumentVisibilityState; readyState?: DocumentReadyState; paintTiming?: boolean; linkCount?: number } = {}) {
  const appended: unknown[][] = []
  const frames: Array<() => void> = []
  const events: Record<string, Array<() => void>> = {}
  const observers: Array<{ report: (names: string[]) => void; disconnected: boolean }> = []
  vi.stubGlobal('document', {
    visibilityState: visibility,
    readyState,
    head: { append: (...nodes: unknown[]) => appended.push(nodes) },
    addEventListener: (type: string, listener: () => void) => (events[type] ??= []).push(listener),
  })
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource']
    disconnected = false
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      const me = { report: (names: string[]) => !me.disconnected && callback({ getEntriesByName: (n) => names.filter((x) => x === n) }), disconnected: false }
      observers.push(me)
      this.disconnect = () => void (me.disconnected = true)
    }
    disconnect: () => void
    observe() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  const links = Array.from({ length: linkCount }, (_, i) => ({ href: i === 0 ? '/console/assets/index-1.js' : `/console/assets/chunk-${i}.js` }))
  const template = { dataset: { main: '/console/assets/index-1.js' }, content: { cloneNode: () => ({ children: [...links] }) } } as unknown as HTMLTemplateElement
  const fire = (type: string) => (events[type] ?? []).forEach((l) => l())
  const paint = (...names: string[]) => observers.forEach((o) => o.report(names))
  return { appended, frames, fire, paint, links, template }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe("starting the console once the page's first frame is on the screen", () => {
  it('fetches and runs nothing before the first contentful paint is reported, then adds the links and runs the entry, once', async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    page.paint('first-paint')
    expect(page.appended).toEqual([])
    expect(load).not.toHaveBeenCalled()
    page.paint('first-contentful-paint')
    expect(page.appended).toEqual([page.links])
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
    // Neither the tab hidden later nor the timer starts it again.
    page.fire('visibilitychange')
    await vi.runAllTimersAsync()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it(`starts after ${FIRST_PAINT_WAIT_MS} ms when no contentful paint is reported`, async () => {
    vi.useFakeTimers()
    const page = fakePage()
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('without paint timing, after the next frame is painted: not in its animation frame callback, in the task it queues', async () => {
    vi.useFakeTimers()
    const page = fakePage({ paintTiming: false })
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    page.frames.forEach((f) => f())
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('starts at once in a hidden tab (it paints nothing), and when the tab is hidden before its first paint', () => {
    const hidden = fakePage({ visibility: 'hidden' })
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(hidden.template, load)
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
    vi.unstubAllGlobals()

    const visible = fakePage()
    const later = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(visible.template, later)
    visible.fire('visibilitychange')
    expect(later).toHaveBeenCalledTimes(1)
    expect(visible.appended).toEqual([visible.links])
  })

  it("waits for the page's deferred scripts (zod's jitless switch) before anything, even in a hidden tab", () => {
    const page = fakePage({ visibility: 'hidden', readyState: 'loading' })
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    expect(load).not.toHaveBeenCalled()
    page.fire('DOMContentLoaded')
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
  })

  it(`adds the links ${LINKS_PER_TASK} per task, so that no task is long, then runs the entry`, async () => {
    vi.useFakeTimers()
    const page = fakePage({ visibility: 'hidden', linkCount: 2 * LINKS_PER_TASK + 1 })
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    expect(page.appended).toEqual([page.links.slice(0, LINKS_PER_TASK)])
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(page.appended).toHaveLength(2)
    expect(load).not.toHaveBeenCalled()
    await vi.advanceTimersToNextTimerAsync()
    expect(page.appended).toEqual([page.links.slice(0, LINKS_PER_TASK), page.links.slice(LINKS_PER_TASK, 2 * LINKS_PER_TASK), page.links.slice(2 * LINKS_PER_TASK)])
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
  })

  it("yields with the Scheduler API's tasks where the browser has it, which no nesting clamp holds up", async () => {
    const page = fakePage({ visibility: 'hidden', linkCount: 2 * LINKS_PER_TASK + 1 })
    const posted: Array<() => void> = []
    vi.stubGlobal('scheduler', { postTask: (callback: () => void) => (posted.push(callback), Promise.resolve()) })
    const load = vi.fn(() => Promise.resolve())
    startConsoleAfterPaint(page.template, load)
    expect(page.appended).toHaveLength(1)
    expect(posted).toHaveLength(1)
    posted[0]!()
    expect(page.appended).toHaveLength(2)
    posted[1]!()
    expect(page.appended).toEqual([page.links.slice(0, LINKS_PER_TASK), page.links.slice(LINKS_PER_TASK, 2 * LINKS_PER_TASK), page.links.slice(2 * LINKS_PER_TASK)])
    expect(load).toHaveBeenCalledExactlyOnceWith('/console/assets/index-1.js')
  })

  it('says so in the console when the entry cannot be loaded', async () => {
    const page = fakePage({ visibility: 'hidden' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    startConsoleAfterPaint(page.template, () => Promise.reject(new Error('offline')))
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The console could not start:', expect.any(Error)))
  })
})
