/**
 * Window events named in the spec. Screens that change shared data fire one;
 * whoever shows that data listens and invalidates its query.
 */
export const WINDOW_EVENTS = {
  flashcardChanged: 'flashcardChanged',
  playlistsChanged: 'playlistsChanged',
  libraryItemsChanged: 'libraryItemsChanged',
} as const

export type WindowEventName = keyof typeof WINDOW_EVENTS

export function fireWindowEvent(name: WindowEventName) {
  window.dispatchEvent(new Event(WINDOW_EVENTS[name]))
}

/** Subscribes to one of the events; returns the unsubscribe, ready for a useEffect cleanup. */
export function onWindowEvent(name: WindowEventName, listener: () => void): () => void {
  const handler = () => listener()
  window.addEventListener(WINDOW_EVENTS[name], handler)
  return () => window.removeEventListener(WINDOW_EVENTS[name], handler)
}
