import type { z as Zod } from 'zod/v4'

let zod: typeof Zod | undefined

/** Gives the browser's 'zod' the real one: done by api/with-zod.ts, which the screens that build a schema import. */
export function provideZod(real: typeof Zod): void {
  zod = real
}

/**
 * What `import { z } from 'zod'` is in the browser's build (vite.config.ts): zod itself only once a
 * screen that needs it has loaded it. The contract's schemas are built on first use (lazy-schema.ts), and
 * the console checks the server's answers by their shapes (api/answer-check.ts), so the first screens
 * never build one and carry no zod (decision 0032). A module that builds or runs a schema in the browser
 * imports api/with-zod.ts; one that forgets fails here, with this message, the first time it does.
 */
export const z = new Proxy({} as typeof Zod, {
  get(_, key) {
    if (!zod) throw new Error(`zod is not loaded in this part of the console (z.${String(key)}): import api/with-zod.ts in the module that builds or runs a schema`)
    return Reflect.get(zod, key)
  },
})
