import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain script of the repository (scripts/build.mjs), without types
import { inputsHash, PARTS, staleness } from '../scripts/build.mjs'

interface Part {
  name: string
  inputs: string[]
  outputs: string[]
}
const parts = PARTS as Part[]
const repoRoot = path.resolve(import.meta.dirname, '..')
const work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-start-build-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/**
 * `npm start`, the README's command, builds only what is missing or out of
 * date (scripts/build.mjs, decision 0030). The test command builds first, so
 * here the tree is built: a start must go straight to the server.
 */
describe('npm start on a built tree', () => {
  it('builds nothing: the console is not built again and the server answers', async () => {
    // A stale part would be rebuilt in place under the other tests' servers: say so instead.
    for (const part of parts) expect(staleness(part), `the ${part.name} (run \`npm run build\` first)`).toBeUndefined()
    const page = path.join(repoRoot, 'apps/console/dist/index.html')
    const builtAt = statSync(page).mtimeMs

    const start = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', DATA_DIR: path.join(work, 'data'), FEED_CATALOGUE_FETCH: '0', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npm, the shell and the server stop together.
      detached: true,
    })
    let output = ''
    start.stdout.on('data', (c: Buffer) => (output += c.toString()))
    start.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const exited = new Promise((resolve) => start.once('exit', resolve))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000)
        const onData = () => {
          const ready = /Lingocast is ready: http:\/\/[^:]+:(\d+)\//.exec(output)
          if (!ready) return
          clearTimeout(timer)
          resolve(`http://127.0.0.1:${ready[1]}`)
        }
        start.stdout.on('data', onData)
        start.stderr.on('data', onData)
        void exited.then(() => reject(new Error(`npm start ended before it was ready:\n${output}`)))
      })
      for (const part of parts) expect(output).toContain(`The ${part.name} is up to date.`)
      expect(output).not.toContain('Building the')
      expect(output, "Vite's build did not run").not.toMatch(/vite v\d|transforming|built in/)
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      const login = await fetch(`${url}/console/login`, { headers: { accept: 'text/html' } })
      expect(login.status).toBe(200)
      expect(await login.text()).toContain('Sign in to study')
      expect(statSync(page).mtimeMs, 'the console build was left as it was').toBe(builtAt)
    } finally {
      process.kill(-start.pid!, 'SIGTERM')
      await exited
    }
  }, 90_000)
})

describe('which part of the build is out of date', () => {
  const tree = path.join(work, 'tree')
  const part: Part = { name: 'sample', inputs: ['src', 'lock.json'], outputs: ['out/built.js'] }
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true })
    writeFileSync(path.join(tree, file), text)
  }

  it('is the part whose output is missing, or whose sources changed since it was built; a test file changes nothing', () => {
    write('src/a.ts', 'export const a = 1\n')
    write('src/deep/b.ts', 'export const b = 2\n')
    write('lock.json', '{}\n')
    expect(staleness(part, tree, {})).toBe('out/built.js is missing')
    write('out/built.js', '// built\n')
    expect(staleness(part, tree, {})).toBe('it was not built by this script here')

    const built = { sample: inputsHash(part, tree) }
    expect(staleness(part, tree, built)).toBeUndefined()
    write('src/a.test.ts', 'test\n')
    write('src/node_modules/x/index.js', 'module.exports = 1\n')
    expect(staleness(part, tree, built), 'tests and installed packages are not sources').toBeUndefined()

    write('src/deep/b.ts', 'export const b = 3\n')
    expect(staleness(part, tree, built)).toBe('its sources changed')
    write('src/deep/b.ts', 'export const b = 2\n')
    expect(staleness(part, tree, built), 'the same content again: fresh').toBeUndefined()
    write('lock.json', '{"lockfileVersion":3}\n')
    expect(staleness(part, tree, built), 'other dependencies').toBe('its sources changed')
  })

  it("names every part's outputs as the build writes them", () => {
    expect(parts.map((p) => p.name)).toEqual(['console', 'server', 'database template'])
    for (const p of parts) for (const output of p.outputs) expect(statSync(path.join(repoRoot, output)).isFile() || statSync(path.join(repoRoot, output)).isDirectory(), output).toBe(true)
  })
})
