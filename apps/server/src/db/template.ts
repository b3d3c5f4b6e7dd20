import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * A migrated embedded data dir made once by `npm run build` (cli/build-db-template.ts), so a
 * learner's first start copies 40 MB instead of creating a cluster (initdb in WebAssembly, 4-5 s
 * here) and migrating it. Made per install, never committed: the stamp ties it to this PGlite and
 * these migrations, and a template that does not match is not used (the start creates the cluster as
 * before, and migrations run on every start either way).
 */
export const TEMPLATE_DIR = path.resolve(import.meta.dirname, '../../dist/pgdata-template')
const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations')

interface Stamp {
  pglite: string
  migrations: string
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  let dir = path.dirname(require.resolve('@electric-sql/pglite'))
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

/** What the template must have been made with: this PGlite and these migration files. */
export function currentStamp(): Stamp {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)))
  return { pglite: pgliteVersion(), migrations: hash.digest('hex').slice(0, 16) }
}

const stampFile = (dir: string) => path.join(dir, 'stamp.json')

/** The template's data dir when it exists and matches this install; undefined otherwise. */
export function readyTemplate(dir = TEMPLATE_DIR): string | undefined {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(dir), 'utf8')) as Stamp
    const now = currentStamp()
    const data = path.join(dir, 'pgdata')
    return stamp.pglite === now.pglite && stamp.migrations === now.migrations && existsSync(path.join(data, 'PG_VERSION')) ? data : undefined
  } catch {
    return undefined
  }
}

/** Writes the template with `create`, which makes a migrated cluster in `<the DATA_DIR it is given>/pgdata`; false when a matching one is already there. */
export async function buildTemplate(create: (dataDir: string) => Promise<void>, dir = TEMPLATE_DIR): Promise<boolean> {
  if (readyTemplate(dir)) return false
  const parent = path.dirname(dir)
  mkdirSync(parent, { recursive: true })
  const staging = mkdtempSync(path.join(parent, '.pgdata-template-'))
  try {
    await create(staging)
    rmSync(path.join(staging, 'tmp'), { recursive: true, force: true })
    writeFileSync(stampFile(staging), `${JSON.stringify(currentStamp())}\n`)
    rmSync(dir, { recursive: true, force: true })
    renameSync(staging, dir)
    return true
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    throw error
  }
}
