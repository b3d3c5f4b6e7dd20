import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import madge from 'madge'
import { describe, expect, it } from 'vitest'

/**
 * The rules of the code base that no reviewer should have to remember: layers
 * point one way (no import cycles, the console's offline layer imports no
 * feature), no tracker numbers in what is committed (a number says nothing to
 * a reader without the tracker: say the case or name a docs/decisions record),
 * and small files. Each failure names the places to fix.
 */

const root = path.resolve(import.meta.dirname, '..')
/** madge reads a whole tree on a loaded 2-core machine: give it room. */
const GRAPH_TIMEOUT_MS = 180_000

const trees = [
  { dir: 'apps/server/src', tsConfig: 'apps/server/tsconfig.json' },
  { dir: 'apps/console/src', tsConfig: 'apps/console/tsconfig.json' },
  { dir: 'packages/contract/src', tsConfig: 'packages/contract/tsconfig.json' },
]

async function importGraph(dir: string, tsConfig: string) {
  return madge(path.join(root, dir), { fileExtensions: ['ts', 'tsx'], tsConfig: path.join(root, tsConfig) })
}

function trackedFiles(...pathspecs: string[]): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...pathspecs], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)
}

describe('layers point one way', () => {
  for (const { dir, tsConfig } of trees) {
    it(
      `${dir} has no import cycles`,
      async () => {
        const graph = await importGraph(dir, tsConfig)
        // An import madge could not resolve would hide its cycles: only packages may be left out.
        expect(graph.warnings().skipped.filter((name) => name.startsWith('.')), `${dir}: imports madge could not resolve`).toEqual([])
        expect(
          graph.circular().map((cycle) => cycle.join(' > ')),
          `${dir}: import cycles (each a chain of files, the last importing the first)`,
        ).toEqual([])
      },
      GRAPH_TIMEOUT_MS,
    )
  }

  it(
    "the console's offline layer (outbox, downloads, kept data) imports no feature: features register with it",
    async () => {
      const graph = (await importGraph('apps/console/src', 'apps/console/tsconfig.json')).obj()
      const offline = 'features/offline/'
      const crossings = Object.entries(graph)
        .filter(([file]) => file.startsWith(offline) && !/\.test\.tsx?$/.test(file))
        .flatMap(([file, imports]) => imports.filter((to) => to.startsWith('features/') && !to.startsWith(offline)).map((to) => `${file} imports ${to}`))
      expect(crossings).toEqual([])
    },
    GRAPH_TIMEOUT_MS,
  )
})

/** A tracker reference: the word issue with a number, or a bare #number (not an HTML entity, a colour or owner/repo#number). */
const TRACKER_NUMBER = [/\bissues?[ _-]?#?\d+\b/i, /(?<![\w&/'"#-])#\d{1,5}\b/]
/** Files whose text is not ours to word. */
const NOT_PROSE = /(^|\/)package-lock\.json$/

describe('no tracker numbers', () => {
  it('no tracked source, test, e2e, bench, script or doc names a tracker number', () => {
    const found: string[] = []
    for (const file of trackedFiles('.')) {
      if (NOT_PROSE.test(file)) continue
      let text: string
      try {
        text = readFileSync(path.join(root, file), 'utf8')
      } catch {
        continue // tracked but deleted in this checkout
      }
      if (text.includes('\0')) continue
      const lines = text.split('\n')
      lines.forEach((line, i) => {
        // A comment wrapped between "(issue" and "24)" names the number all the same.
        const wrapped = /\bissues?\s*$/i.test(line) ? `${line} ${(lines[i + 1] ?? '').replace(/^\s*(\*|\/\/|#)?\s*/, '')}` : line
        if (TRACKER_NUMBER.some((pattern) => pattern.test(wrapped))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(found, `${found.length} lines name a tracker number: say the case, or point to a docs/decisions record`).toEqual([])
  })
})

const MAX_LINES = 400

describe('small files', () => {
  it(`no source file of apps/*/src or packages/*/src is over ${MAX_LINES} lines (tests may be)`, () => {
    const long = trackedFiles('apps/*/src/**', 'packages/*/src/**')
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|css)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => ({ file, lines: readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })
})
