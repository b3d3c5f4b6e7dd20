import { array, boolean, enum as zodEnum, instanceof as zodInstanceof, iso, literal, number, object, preprocess, record, string, union, uuid } from 'zod/v4'

/**
 * The part of zod that the contract's schemas and the console's own call, for zod-on-demand.ts. Named one
 * by one so that the bundle keeps only what they reach: the whole `z` namespace, handed over as a value,
 * kept all of zod (every locale: 89 KB gzip against 27). 'zod/v4' is the same module as 'zod' under a name
 * the browser build's alias leaves alone. zod-itself.test.ts fails when a source calls a `z.` member
 * missing here.
 */
export const z = { array, boolean, enum: zodEnum, instanceof: zodInstanceof, iso, literal, number, object, preprocess, record, string, union, uuid }
