import type { ComponentType } from 'react'

/** A screen's module, fetched on its route's first visit: the screen is its default export. */
export type ScreenImport = () => Promise<{ default: ComponentType }>

/** A screen's code: on its way, come (`component`), or failed (`failed`, with the error). */
export interface ScreenCode {
  ready: Promise<void>
  component?: ComponentType
  failed?: { error: unknown }
}

const codes = new Map<ScreenImport, ScreenCode>()

/**
 * The screen's code, asked for once. A failure is kept (typically a chunk
 * that is gone after a new version was deployed while the tab stayed open):
 * the route's error screen says to reload, which asks again.
 */
export function screenCode(load: ScreenImport): ScreenCode {
  let code = codes.get(load)
  if (code) return code
  const fresh: ScreenCode = {
    ready: load().then(
      (module) => {
        fresh.component = module.default
      },
      (error: unknown) => {
        fresh.failed = { error }
      },
    ),
  }
  codes.set(load, fresh)
  return fresh
}

export const screenSettled = (code: ScreenCode) => code.component !== undefined || code.failed !== undefined
