import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathWithout, type ToolPath } from './tool-path'

/**
 * The first step of `npm test` and of .ci/run: the Debian packages
 * of the tests, one list. Missing ones are installed on Debian as root; as
 * another user, or on another system, it stops at once with the line to run.
 * dpkg-query, apt-get and id are stand-ins here, so nothing is installed.
 */
const script = path.resolve(import.meta.dirname, '../scripts/test-prerequisites.sh')
/** The bilingual dictionaries the server reads: installed by the same list. */
const DICTIONARIES = ['dict-freedict-eng-deu', 'dict-freedict-eng-fra', 'dict-freedict-eng-spa', 'dict-freedict-eng-por', 'dict-freedict-eng-ita', 'dict-freedict-eng-ara', 'dict-freedict-eng-tur', 'edict']
const ALL = ['chromium', 'ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'pocketsphinx-testdata', 'espeak-ng', ...DICTIONARIES]
let fakes: string
let log: string
let noDebian: ToolPath

beforeAll(() => {
  fakes = mkdtempSync(path.join(os.tmpdir(), 'lingocast-prereq-'))
  log = path.join(fakes, 'apt.log')
  noDebian = pathWithout(['dpkg-query', 'apt-get', 'dpkg'])
})
afterAll(() => {
  noDebian?.cleanup()
  if (fakes) rmSync(fakes, { recursive: true, force: true })
})

/** Stand-ins: dpkg-query says `installed` are installed, id says `uid`, apt-get writes its arguments to the log. */
function fakeDebian(installed: string[], uid: number): string {
  const dir = mkdtempSync(path.join(fakes, 'bin-'))
  const write = (name: string, body: string) => {
    writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`)
    chmodSync(path.join(dir, name), 0o755)
  }
  write('dpkg-query', `for p in "$@"; do last="$p"; done\ncase " ${installed.join(' ')} " in *" $last "*) printf 'install ok installed';; *) printf 'unknown ok not-installed';; esac`)
  write('id', `echo ${uid}`)
  write('apt-get', `echo "$@" >> ${log}`)
  return `${dir}${path.delimiter}${process.env.PATH}`
}

function run(PATH: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile('/bin/bash', [script], { env: { PATH }, timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout, err: stderr }),
    )
  })
}

describe('scripts/test-prerequisites.sh', () => {
  it('does nothing when every package is there', async () => {
    rmSync(log, { force: true })
    const res = await run(fakeDebian(ALL, 0))
    expect(res).toEqual({ code: 0, out: '', err: '' })
  })

  it('installs the missing ones on Debian as root', async () => {
    rmSync(log, { force: true })
    const res = await run(fakeDebian(['chromium', 'ffmpeg', 'pocketsphinx', 'espeak-ng', ...DICTIONARIES], 0))
    expect(res.code, res.err).toBe(0)
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['update', 'install -y pocketsphinx-en-us pocketsphinx-testdata'])
  })

  it('stops at once with the sudo line as another user', async () => {
    rmSync(log, { force: true })
    const res = await run(fakeDebian(['chromium', 'ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'espeak-ng', ...DICTIONARIES], 1000))
    expect(res.code).toBe(1)
    expect(res.err.trim()).toBe('npm test needs these Debian packages first: sudo apt-get install -y pocketsphinx-testdata')
    expect(() => readFileSync(log)).toThrow()
  })

  it('stops at once with the container line on a system without apt', async () => {
    const res = await run(noDebian.PATH)
    expect(res.code).toBe(1)
    expect(res.err.trim()).toBe(
      `npm test needs Debian's ${ALL.join(' ')}. Run it in a Debian container: docker run --rm -it -v "$PWD":/app -w /app node:24-bookworm bash -c 'npm ci && npm test'`,
    )
  })
})
