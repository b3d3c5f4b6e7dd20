import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The rules the console is held to: WCAG 2.1, levels A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe-core on the page, with WCAG_21_AA. It runs in the page itself (axe.run, "legacy mode"): the
 * default runs each frame's part and then joins them in a blank page it opens for each call, which
 * took twice as long (1.7-2.1 s against 0.7-1.0 s a call here, the same findings). Legacy mode
 * reaches same-origin frames only; the console's screens under test have no other frames.
 */
export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true)
