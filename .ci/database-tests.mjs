// Prints the server project's test files that reach a database, one per line: what the PostgreSQL pass
// of .ci/run runs again. A test file reaches one when it imports, directly or through other modules,
// the test database (test/db.ts), the global setup's database helpers (test/global-setup.ts) or a
// server process (test/server-process.ts, which is handed the run's database), or when it reads the
// run's database from the environment or the global setup (TEST_DATABASE_URL, `inject(`). The others
// (parsers, alignment, scoring, house rules) give the same answer on either database; running them
// twice cost about a third of the second pass.
import { readFileSync } from 'node:fs'
import madge from 'madge'

const REACHES_DATABASE = new Set(['test/db.ts', 'test/global-setup.ts', 'test/server-process.ts'])
const READS_DATABASE = /TEST_DATABASE_URL|\binject\(/

const graph = (await madge(['packages/contract/src', 'apps/server/src', 'test'], {
  fileExtensions: ['ts'],
  tsConfig: 'apps/server/tsconfig.json',
  excludeRegExp: [/node_modules/],
})).obj()

const reaches = new Map()
function reachesDatabase(file, path = new Set()) {
  if (reaches.has(file)) return reaches.get(file)
  if (path.has(file)) return false
  path.add(file)
  const yes = REACHES_DATABASE.has(file) || (graph[file] ?? []).some((dep) => reachesDatabase(dep, path))
  path.delete(file)
  reaches.set(file, yes)
  return yes
}

const tests = Object.keys(graph).filter((file) => file.endsWith('.test.ts')).sort()
const chosen = tests.filter((file) => reachesDatabase(file) || READS_DATABASE.test(readFileSync(file, 'utf8')))
if (chosen.length === 0) throw new Error('No test reaches a database: the import graph was not read')
process.stdout.write(chosen.join('\n') + '\n')
