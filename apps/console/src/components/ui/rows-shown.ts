/**
 * A long list (My Feed's 1,000 episodes, a channel's back catalogue) draws its
 * first rows and more as the learner nears its end (decision 0038): at 4x CPU a
 * phone drew 480 episodes in one 2.6 s task before it could answer a tap.
 */
export const FIRST_ROWS = 20
export const MORE_ROWS = 30

/** How many of `total` rows are drawn after `steps` steps. */
export const rowsAfter = (steps: number, total: number) => Math.min(total, FIRST_ROWS + steps * MORE_ROWS)
