import { z } from 'zod/v4'
import { provideZod } from './zod-on-demand'

// Imported for its effect by the console's modules that build or run a zod schema in the browser (a
// form's rule from the contract, the tutor's stored chats): their chunks carry zod, the first screens do
// not (api/zod-on-demand.ts, decision 0032).
provideZod(z)
