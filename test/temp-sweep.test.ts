import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './app'

// What a crash leaves in the transcription temp dir is swept when the server starts,
// also one level down where card clips, score takes and take uploads make their work directories.
let test: TestApp | undefined
const tmp = mkdtempSync(path.join(os.tmpdir(), 'lingocast-temp-sweep-'))
afterAll(async () => {
  await test?.close()
  rmSync(tmp, { recursive: true, force: true })
})

it('sweeps crash leftovers inside clips/ and take-uploads/ at start, keeping fresh work and the containers', { timeout: 60_000 }, async () => {
  const transcribeTmpDir = path.join(tmp, 'transcribe')
  const at = (...parts: string[]) => path.join(transcribeTmpDir, ...parts)
  const hourAgo = new Date(Date.now() - 3_600_000)
  for (const job of ['clips/clip-x', 'clips/clip-y']) {
    mkdirSync(at(job), { recursive: true })
    writeFileSync(at(job, 'source.mp3'), 'x')
  }
  mkdirSync(at('take-uploads'), { recursive: true })
  writeFileSync(at('take-uploads', 'x.webm'), 'x')
  for (const p of ['clips/clip-x/source.mp3', 'clips/clip-x', 'take-uploads/x.webm', 'take-uploads']) utimesSync(at(p), hourAgo, hourAgo)

  test = await buildTestApp({ transcribeTmpDir })
  await expect.poll(() => existsSync(at('clips', 'clip-x')), { timeout: 10_000 }).toBe(false)
  await expect.poll(() => existsSync(at('take-uploads', 'x.webm')), { timeout: 10_000 }).toBe(false)
  expect(existsSync(at('clips', 'clip-y', 'source.mp3'))).toBe(true)
  expect(existsSync(at('take-uploads'))).toBe(true)
})
