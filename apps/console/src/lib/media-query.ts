import { useSyncExternalStore } from 'react'

/**
 * Whether a CSS media query matches now, kept up to date as it changes (window resized, device rotated).
 * `rendered`: what a render without a window (the server's frame) takes it to be.
 */
export function useMediaQuery(query: string, rendered = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => rendered,
  )
}
