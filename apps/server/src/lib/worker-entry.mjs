// The thread of lib/worker-pool.ts. Plain JavaScript on purpose: a worker
// started from tsx or vitest does not inherit their TypeScript loaders, and the
// built server (apps/server/build.mjs) runs its tasks from the sources beside
// it, so this thread registers tsx (a runtime dependency) before importing them.
import { register } from 'tsx/esm/api'

register()

/** Runs the export `name` of `module` (a file: URL) with `args`; modules are imported once per thread. */
export default async function run({ module, name, args }) {
  const loaded = await import(module)
  return loaded[name](...args)
}
