/** The draggable divider between the panes (spec 000 s2, s9). Percent of the row's width taken by the left pane. */
export const DIVIDER_DEFAULT = 65
export const DIVIDER_MIN = 20
export const DIVIDER_MAX = 80
/** Below this viewport width the panes stack and the divider does not apply. */
export const DIVIDER_MIN_VIEWPORT = 768
/** Arrow-key step; Page Up/Down and Shift+arrows move by the large step. */
export const DIVIDER_STEP = 2
export const DIVIDER_LARGE_STEP = 10

export function clampDivider(percent: number): number {
  if (!Number.isFinite(percent)) return DIVIDER_DEFAULT
  return Math.min(DIVIDER_MAX, Math.max(DIVIDER_MIN, percent))
}

/** A stored width: a number, clamped; anything else is the default. */
export function parseDivider(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || raw.trim() === '') return DIVIDER_DEFAULT
  return clampDivider(Number(raw))
}

/** The width for a pointer at `clientX` over a row starting at `left` and `width` wide. */
export function dividerFromPointer(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return DIVIDER_DEFAULT
  return clampDivider(Math.round(((clientX - left) / width) * 1000) / 10)
}

/** The width after a key on the focused divider, or undefined for keys it does not handle. */
export function dividerAfterKey(percent: number, key: string, shift = false): number | undefined {
  const step = shift ? DIVIDER_LARGE_STEP : DIVIDER_STEP
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampDivider(percent - step)
    case 'ArrowRight':
    case 'ArrowUp':
      return clampDivider(percent + step)
    case 'PageDown':
      return clampDivider(percent - DIVIDER_LARGE_STEP)
    case 'PageUp':
      return clampDivider(percent + DIVIDER_LARGE_STEP)
    case 'Home':
      return DIVIDER_MIN
    case 'End':
      return DIVIDER_MAX
    case 'Enter':
      return DIVIDER_DEFAULT
    default:
      return undefined
  }
}
