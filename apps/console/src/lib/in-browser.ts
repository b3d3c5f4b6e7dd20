import { useSyncExternalStore } from 'react'

const nothingToWatch = () => () => undefined

/**
 * False while React renders on the server (the inert frames of decisions 0019
 * and 0021), true in the browser. A media element is rendered only in the
 * browser: in a frame it would fetch the media once more, for an element that
 * is thrown away when the console's screen replaces the frame.
 */
export const useInBrowser = (): boolean => useSyncExternalStore(nothingToWatch, () => true, () => false)
