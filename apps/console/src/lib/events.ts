/** Window events named in the spec; firing one also invalidates the matching queries. */
export const WINDOW_EVENTS = {
  flashcardChanged: 'flashcardChanged',
  playlistsChanged: 'playlistsChanged',
  libraryItemsChanged: 'libraryItemsChanged',
} as const

export type WindowEventName = keyof typeof WINDOW_EVENTS

export function fireWindowEvent(name: WindowEventName) {
  window.dispatchEvent(new Event(WINDOW_EVENTS[name]))
}
