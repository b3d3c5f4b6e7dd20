/**
 * `npm run bench [name]`: runs every benchmark in this folder, or the one
 * whose file name starts with `name`. Benchmarks are not part of `npm test`.
 */
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const only = process.argv[2]
const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts') && (!only || f.startsWith(only)))
if (files.length === 0) {
  console.error(`no benchmark matches ${only}`)
  process.exit(1)
}
let failed = false
for (const file of files) {
  console.log(`\n## ${file}`)
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' })
  failed ||= r.status !== 0
}
process.exit(failed ? 1 : 0)
