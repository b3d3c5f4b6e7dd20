import type { z as zod } from 'zod'

/**
 * zod, loaded when the console first needs it rather than with its first code (decision 0029).
 *
 * In the browser's build every `import { z } from 'zod'` (the contract's schemas, a few of the console's
 * own) resolves to this module (preact-aliases.ts), so zod's ~27 KB gzip is neither fetched nor evaluated
 * with the entry. That holds because the contract builds each schema on first use (lazySchema, decision
 * 0020): loading the contract reads nothing from `z`. What does read it awaits `zodReady()` first: the
 * client before it parses an answer, and the router before it renders a screen, so that a screen's own
 * schemas (a form's check, a stored chat) are there when it runs. Outside that build (Node, tests) 'zod'
 * is zod itself and `zodReady()` only resolves.
 */
let loaded: typeof zod | undefined
let loading: Promise<void> | undefined

export { loaded as z }

export function zodReady(): Promise<void> {
  return (loading ??= import('./zod-itself').then((module) => {
    // The members the sources call (zod-itself.ts); the rest of `typeof z` is types.
    loaded = module.z as unknown as typeof zod
  }))
}
