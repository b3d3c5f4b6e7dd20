export interface Box {
  top: number
  left: number
  width: number
  height: number
}

export interface Placement {
  top: number
  left: number
  side: 'above' | 'below'
  /** Set when the popover must scroll to keep clear of the band it may not cover. */
  maxHeight?: number
}

const GAP = 6
const MARGIN = 8

/**
 * Where a popover goes in the viewport: under or over the band made of its
 * anchor and the box it must not cover (the caption line), whichever side
 * has room, below first; centred on the anchor and kept inside the screen.
 * When neither side has room (a phone held sideways), the roomier side
 * wins and the popover scrolls: it still never covers the band.
 */
export function placePopover(anchor: Box, size: { width: number; height: number }, viewport: { width: number; height: number }, avoid?: Box): Placement {
  const bandTop = Math.min(anchor.top, avoid?.top ?? anchor.top)
  const bandBottom = Math.max(anchor.top + anchor.height, avoid ? avoid.top + avoid.height : -Infinity)
  const roomBelow = viewport.height - bandBottom - GAP - MARGIN
  const roomAbove = bandTop - GAP - MARGIN
  const width = Math.min(size.width, viewport.width - 2 * MARGIN)
  const left = clamp(anchor.left + anchor.width / 2 - width / 2, MARGIN, viewport.width - width - MARGIN)

  if (size.height <= roomBelow) return { top: bandBottom + GAP, left, side: 'below' }
  if (size.height <= roomAbove) return { top: bandTop - GAP - size.height, left, side: 'above' }
  if (roomBelow >= roomAbove) return { top: bandBottom + GAP, left, side: 'below', maxHeight: Math.max(0, roomBelow) }
  const maxHeight = Math.max(0, roomAbove)
  return { top: bandTop - GAP - maxHeight, left, side: 'above', maxHeight }
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(n, Math.max(min, max)))
