/**
 * When the Transcript tab turns to the playing line. While the
 * line sits wholly in sight in the upper part of the list, the list stays
 * put: the text does not crawl under the eye of someone reading ahead. Once
 * the line goes lower (or out of sight, or is cut at the bottom), the list
 * turns to put it near the top again.
 */

/** How far down the view the playing line may start, as a share of the view's height. */
export const FOLLOW_BAND = 0.55

export interface VerticalBox {
  top: number
  bottom: number
}

/** True when the playing row, in the same coordinates as the view, needs no scroll. */
export function rowStaysPut(view: VerticalBox, row: VerticalBox, band = FOLLOW_BAND): boolean {
  return row.top >= view.top && row.bottom <= view.bottom && row.top - view.top <= (view.bottom - view.top) * band
}
