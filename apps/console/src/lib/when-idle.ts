/**
 * Resolves once the page has loaded and the browser has a moment with nothing to do (at most `timeout` ms
 * after the load): for work that must happen soon, but not while the first screen is drawn.
 */
export function whenIdle(timeout = 2000): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout }) : setTimeout(resolve, 0))
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
  })
}
