import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_EMAIL } from '@lingocast/contract'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { createLibraryRepo } from '../apps/server/src/features/library/library.repo'
import { createTestDatabase, type TestDatabase } from '../test/db'
import { startServerProcess, type ServerProcess } from '../test/server-process'
import { makeEpisode } from '../test/speech'
import { launchBrowser, type Browser } from './browser'
import { signInAsDeveloper } from './session'

/**
 * A stored recording with no transcript: opening it queues the transcript,
 * the player shows the progress, then the machine-recognised words.
 */
const ADDRESS = '/uploads/memo.wav'
let db: TestDatabase
let server: ServerProcess
let browser: Browser
let page: Page
let work: string
let hashId: string

beforeAll(async () => {
  db = await createTestDatabase()
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-e2e-transcribe-'))
  const episode = await makeEpisode(work, 0.4)
  mkdirSync(path.join(db.env.DATA_DIR, 'storage', 'uploads'), { recursive: true })
  cpSync(episode.file, path.join(db.env.DATA_DIR, 'storage', ADDRESS))
  // The developer shortcut signs in as this address: give that user the recording.
  const user = await createAuthRepo(db.database.db).upsertUserByEmail(DEV_LOGIN_EMAIL, 'dev')
  hashId = (await createLibraryRepo(db.database.db).insert(user.id, { title: 'Voice memo', audio: ADDRESS })).hashId
  await db.database.close()
  server = await startServerProcess({ ...db.env, DEV_LOGIN: '1' })
  browser = await launchBrowser()
  page = await browser.context.newPage()
  await signInAsDeveloper(page, server.url)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.drop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('transcribing a recording that has no transcript', () => {
  it('shows Transcribing with a percentage, then the words, marked machine-recognised, and exports them', async () => {
    await page.goto(`${server.url}/console/player/audio/${hashId}`)
    await expect.poll(() => page.getByText(/Transcribing\.\.\. \d+%/).isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.getByRole('progressbar', { name: 'Transcription progress' }).count()).toBe(1)

    const subtitles = page.getByRole('region', { name: 'Subtitles' })
    await expect.poll(() => subtitles.getByRole('button').count(), { timeout: 60_000, interval: 250 }).toBeGreaterThan(2)
    expect(await page.getByText('Machine-recognised transcript: some words may be wrong.').isVisible()).toBe(true)

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'WebVTT' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('Voice-memo.vtt')
    const text = readFileSync((await file.path())!, 'utf8')
    expect(text.startsWith('WEBVTT\n\n1\n00:00:')).toBe(true)
    expect(text).toMatch(/<00:00:\d\d\.\d{3}>\w/)
  }, 90_000)
})
