/**
 * Starts the console once the page's first frame is on the screen (decision
 * 0019): the links of `template` (the console's entry and the chunks it and
 * the opened screen need, which index.html keeps inactive there) go into the
 * head, so the browser fetches them all at once, then the entry named by its
 * `data-main` is run. The screen's frame that the server put in the page
 * (route-shells.json) is shown first, as soon as the stylesheet has come,
 * instead of after ~370 KB of code.
 *
 * "On the screen" is the first contentful paint's entry, which the browser
 * reports once that frame is presented (a frame or two after it was painted;
 * code fetched in between would still count as holding the paint up in
 * Lighthouse's simulation). A browser without paint timing starts after the
 * next painted frame; a hidden tab, which paints nothing, at once; and a paint
 * that never comes does not hold the console up for more than
 * FIRST_PAINT_WAIT_MS. Never before the page's deferred scripts have run.
 */
export function startConsoleAfterPaint(template: HTMLTemplateElement, load: (url: string) => Promise<unknown> = (u) => import(/* @vite-ignore */ u)): void {
  const main = template.dataset.main
  if (!main) return
  let started = false
  const start = () => {
    if (started) return
    started = true
    const links = Array.from((template.content.cloneNode(true) as DocumentFragment).children)
    appendInSlices(links, () => load(main).catch((error: unknown) => console.error('The console could not start:', error)))
  }
  const afterPaint = () => {
    if (document.visibilityState === 'hidden') return start()
    // A tab hidden before its first paint would never report one.
    document.addEventListener('visibilitychange', start, { once: true })
    setTimeout(start, FIRST_PAINT_WAIT_MS)
    if (globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        start()
      })
      observer.observe({ type: 'paint', buffered: true })
    } else {
      // A callback of the next animation frame runs before that frame's paint; the task it queues, after it.
      requestAnimationFrame(() => setTimeout(start, 0))
    }
  }
  // Not before the page's deferred scripts have run: the console starts after the document is parsed.
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterPaint, { once: true })
  else afterPaint()
}

/**
 * Adds `nodes` to the head LINKS_PER_TASK at a time, a task each, then calls
 * `then`. Each modulepreload link costs the page's main thread about a
 * millisecond at full speed and several on a slow phone (a Chromium trace at
 * 4x: the 34 links of My Feed in one go were a 110-240 ms task, which Lighthouse
 * counted as blocking; at a phone of 440, four at a time were still 45 ms
 * tasks); a few at a time, no task is long.
 */
function appendInSlices(nodes: Element[], then: () => void): void {
  document.head.append(...nodes.splice(0, LINKS_PER_TASK))
  if (nodes.length === 0) return then()
  nextTask(() => appendInSlices(nodes, then))
}

export const LINKS_PER_TASK = 2

interface TaskScheduler {
  postTask(callback: () => void): Promise<unknown>
}

/**
 * A task of its own for `callback`: the Scheduler API's where there is one, since a chain of `setTimeout`s
 * is held 4 ms per task after the fifth (the HTML standard's nesting clamp), which seventeen slices would
 * add up to a start later by tens of milliseconds.
 */
function nextTask(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(callback)
  else setTimeout(callback, 0)
}

/** How long after the page is parsed the console starts even if no contentful paint was reported. */
export const FIRST_PAINT_WAIT_MS = 1500
