/**
 * From Tailwind's `md` on (48rem) the shell shows the sidebar beside the screen; below it, only in the
 * drawer the menu button opens. On a phone the sidebar is then neither drawn nor fed until the drawer
 * opens: its playlists and its due badge (the cards of a whole deck) were asked for, counted and drawn
 * on every first screen, hidden, on a phone's busiest second.
 */
export const SIDEBAR_BESIDE = '(min-width: 48rem)'

/** Whether the sidebar shows beside the screen now (a browser; the server's frame has it, for a desktop). */
export const sidebarBeside = (): boolean => typeof window === 'undefined' || window.matchMedia(SIDEBAR_BESIDE).matches
