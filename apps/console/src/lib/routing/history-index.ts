/**
 * Each history entry the console makes is numbered in `history.state`
 * (`idx`, 0 for the page it was opened at), so that a Back button knows
 * whether a console screen is behind it or the screen was opened directly
 * (components/ui/BackButton.tsx). A replace keeps the entry's number.
 */
export const historyIndex = (): number => (history.state as { idx?: number } | null)?.idx ?? 0

type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void

/** wouter's `aroundNav`: every navigation of the console passes here (links, redirects, `navigate`). */
export function numberedNavigation(navigate: Navigate, to: string, options?: { replace?: boolean; state?: unknown }) {
  const idx = historyIndex()
  navigate(to, { ...options, state: options?.state ?? { idx: options?.replace ? idx : idx + 1 } })
}
