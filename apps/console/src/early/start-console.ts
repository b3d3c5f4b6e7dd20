/**
 * Starts the console once the page's first frame is painted (decision 0019):
 * the links of `template` (the console's entry and the chunks it and the
 * opened screen need, which index.html keeps inactive there) go into the
 * head, so the browser fetches them all at once, then the entry named by its
 * `data-main` is run. The screen's frame that the server put in the page
 * (route-shells.json) is painted first, as soon as the stylesheet has come,
 * instead of after ~370 KB of code. A hidden tab paints no frames: it starts
 * at once.
 */
export function startConsoleAfterPaint(template: HTMLTemplateElement, load: (url: string) => Promise<unknown> = (u) => import(/* @vite-ignore */ u)): void {
  const main = template.dataset.main
  if (!main) return
  let started = false
  const start = () => {
    if (started) return
    started = true
    document.head.append(template.content.cloneNode(true))
    load(main).catch((error: unknown) => console.error('The console could not start:', error))
  }
  if (document.visibilityState === 'hidden') return start()
  // A callback of the next animation frame runs before that frame's paint; the task it queues, after it.
  requestAnimationFrame(() => setTimeout(start, 0))
  // A tab hidden before that frame would never paint it.
  document.addEventListener('visibilitychange', start, { once: true })
}
