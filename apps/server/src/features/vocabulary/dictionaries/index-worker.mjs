// The indexing worker's entry (piscina loads it in its thread). Plain JavaScript on purpose: a worker
// started from tsx or vitest does not inherit their TypeScript loaders, so this one asks tsx (a
// dependency of the server) for the TypeScript module, in the built server as under tests and `npm run dev`.
import { tsImport } from 'tsx/esm/api'

const { indexDictionary } = await tsImport('./index-worker.ts', import.meta.url)
export default indexDictionary
