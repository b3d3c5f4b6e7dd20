// The build, in its three parts: the console (Vite: dist/ and the pages' renderer dist-ssr/), the
// server compiled to JavaScript, and the embedded database's template. `npm run build` builds all three;
// `npm start` (with --if-stale) builds only a part that is missing or whose sources changed since it was
// built, so a start on a built tree goes straight to the server (decision 0030).
//
// A part is fresh when each of its outputs exists and the hash of its inputs (every file's path and
// content, tests left out) is the one written when it was last built here. Content, not times: a
// checkout or a copy changes every file's time and nothing else.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')
const stampsFile = (root) => path.join(root, 'node_modules/.cache/lingocast/build-stamps.json')
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', '.git'])
const isTest = (file) => /\.(test|e2e)\.[cm]?[jt]sx?$/.test(file)

/** The parts in build order: the server bundles the contract, the console's build renders with it. */
export const PARTS = [
  {
    name: 'console',
    inputs: ['apps/console', 'packages/contract/src', 'package-lock.json'],
    outputs: ['apps/console/dist/index.html', 'apps/console/dist/route-shells.json', 'apps/console/dist-ssr/render-screen.js'],
    command: ['npm', ['run', 'build', '-w', '@lingocast/console']],
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contract/src', 'package-lock.json'],
    outputs: ['apps/server/dist/server/main.js'],
    command: [process.execPath, ['apps/server/build.mjs']],
  },
  {
    name: 'database template',
    inputs: ['apps/server/src/db/migrations', 'package-lock.json'],
    outputs: ['apps/server/dist/pgdata-template/stamp.json'],
    command: [process.execPath, ['--import', 'tsx', 'apps/server/src/cli/build-db-template.ts']],
  },
]

function filesUnder(root, rel, into = []) {
  const full = path.join(root, rel)
  if (!existsSync(full)) return into
  if (statSync(full).isFile()) {
    if (!isTest(rel)) into.push(rel)
    return into
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue
    filesUnder(root, path.posix.join(rel, entry.name), into)
  }
  return into
}

/** The hash of a part's sources: each file's path and content, in a fixed order. */
export function inputsHash(part, root = repoRoot) {
  const hash = createHash('sha256')
  for (const file of [...new Set(part.inputs.flatMap((input) => filesUnder(root, input)))].sort()) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0')
  return hash.digest('hex')
}

export function readStamps(root = repoRoot) {
  try {
    return JSON.parse(readFileSync(stampsFile(root), 'utf8'))
  } catch {
    return {}
  }
}

/** Why `part` must be built, or undefined when it is fresh. */
export function staleness(part, root = repoRoot, stamps = readStamps(root), hash = inputsHash(part, root)) {
  const missing = part.outputs.find((output) => !existsSync(path.join(root, output)))
  if (missing) return `${missing} is missing`
  if (stamps[part.name] !== hash) return stamps[part.name] ? 'its sources changed' : 'it was not built by this script here'
  return undefined
}

function build(root, part, why) {
  const started = Date.now()
  console.log(`Building the ${part.name}${why ? ` (${why})` : ''}...`)
  const [command, args] = part.command
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) {
    console.error(`The ${part.name}'s build failed${run.status === null ? ` (${run.signal ?? run.error?.message})` : ''}.`)
    process.exit(run.status ?? 1)
  }
  console.log(`Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
}

if (import.meta.main) {
  const ifStale = process.argv.includes('--if-stale')
  const stamps = readStamps(repoRoot)
  for (const part of PARTS) {
    // The sources' hash is taken before the build: a file changed while it runs makes the next start build again.
    const hash = inputsHash(part, repoRoot)
    const why = staleness(part, repoRoot, stamps, hash)
    if (ifStale && !why) {
      console.log(`The ${part.name} is up to date.`)
      continue
    }
    build(repoRoot, part, ifStale ? why : undefined)
    stamps[part.name] = hash
    mkdirSync(path.dirname(stampsFile(repoRoot)), { recursive: true })
    writeFileSync(stampsFile(repoRoot), `${JSON.stringify(stamps, null, 2)}\n`)
  }
}
