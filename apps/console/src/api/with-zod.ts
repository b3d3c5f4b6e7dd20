import { z } from 'zod/v4'
import { provideZod } from './zod-on-demand'

// Imported for its effect by the console's modules that run a zod schema in the browser (a form's rule,
// a fieldRule of the contract): their chunks carry zod, the first screens do not (api/zod-on-demand.ts,
// decisions 0032 and 0035).
//
// The console runs under a Content-Security-Policy without 'unsafe-eval' (apps/server/src/plugins/
// security-headers.ts): zod must not try to compile parsers with `new Function`, which the browser would
// report as a violation even though zod catches the error. Set before any schema here is built.
z.config({ jitless: true })
provideZod(z)
