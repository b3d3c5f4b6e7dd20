import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../db'
import { podcastFeed } from '../feed-server'
import { startHostileHost, type HostileHost } from '../hostile-host'
import { makeAudio } from '../media'
import { startServerProcess, type ServerProcess } from '../server-process'
import { get } from './fetch-client'

/**
 * The case that stopped the whole server: a small podcast whose host is a plain static server
 * (HTTP/1.0, Range ignored, the connection closed after the file, as `python3 -m http.server`), an
 * episode over 64 KiB, collected and played at once. The transcription's download and the player's
 * first request both read a body that the host has finished and closed while it is paused; with
 * undici 7 that ended the process with an uncatchable assertion, and the saved job ended it again
 * after each restart. Run against the real server process, as `npm start` runs it.
 */

let db: TestDatabase
let host: HostileHost
let server: ServerProcess | undefined
const work = mkdtempSync(path.join(os.tmpdir(), 'plain-host-'))

afterAll(async () => {
  await server?.stop()
  await db?.drop()
  await host?.close()
  rmSync(work, { recursive: true, force: true })
})

const auth = { authorization: `Bearer ${DEV_LOGIN_TOKEN}` }

describe('an episode from a plain HTTP/1.0 host that ignores Range and closes the connection', () => {
  it('plays at once after it is collected, a seek answers 206 with the right bytes, and the server keeps serving', async () => {
    // About 70 KB of real mp3.
    const episode = readFileSync(await makeAudio(work, 'episode.mp3', 9))
    expect(episode.length).toBeGreaterThan(64 * 1024)
    host = await startHostileHost({
      content: (p) => {
        if (p === '/episode.mp3') return { type: 'audio/mpeg', body: episode }
        if (p === '/feed.xml') return { type: 'application/rss+xml', body: Buffer.from(podcastFeed({ title: 'A small show', items: [{ guid: 'e1', title: 'Episode one', audio: `${host.url}/http10-static/episode.mp3` }] })) }
        return undefined
      },
    })
    db = await createTestDatabase({ open: false })
    server = await startServerProcess({ ...db.env, DEV_LOGIN: '1', FETCH_ALLOW_HOSTS: '127.0.0.1' })
    const api = (p: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(server!.url + p, { method: init.method ?? 'GET', headers: { ...auth, 'content-type': 'application/json' }, ...(init.body ? { body: JSON.stringify(init.body) } : {}) })

    const imported = (await (await api('/english_vocab/api/import-rss-channel', { method: 'POST', body: { rss_url: `${host.url}/ok/feed.xml` } })).json()) as { rss_id: number }
    const items = ((await (await api(`/english_vocab/api/rss-items?rss_id=${imported.rss_id}`)).json()) as { items: Array<{ id: number }> }).items
    // Collected: the transcription job downloads the episode at once.
    expect((await api('/english_vocab/api/collect-rss-item', { method: 'POST', body: { rss_item_id: items[0]!.id } })).status).toBe(200)

    // Played at once, as the player does: the first request, then a seek.
    const media = `${server.url}/media-proxy/proxy_media?resource_addr=${encodeURIComponent(`${host.url}/http10-static/episode.mp3`)}`
    const first = await get(media, { ...auth, range: 'bytes=0-' })
    expect([200, 206]).toContain(first.status)
    expect(first.body.equals(episode)).toBe(true)
    const seek = await get(media, { ...auth, range: 'bytes=40000-40999' })
    expect(seek.status).toBe(206)
    expect(seek.headers['content-range']).toBe(`bytes 40000-40999/${episode.length}`)
    expect(seek.body.equals(episode.subarray(40000, 41000))).toBe(true)

    // The transcription's download ran to its end (the job moved past it), and the process is still here.
    const transcript = async () => ((await (await api(`/media-proxy/get_speech_segments?audio_url=${encodeURIComponent(`${host.url}/http10-static/episode.mp3`)}`)).json()) as { transcription?: { status: string } }).transcription?.status
    await expect.poll(transcript, { timeout: 60_000, interval: 500 }).toMatch(/done|failed/)
    expect(host.requests.filter((r) => r.path === '/episode.mp3').length).toBeGreaterThanOrEqual(2)
    expect(server.proc.exitCode).toBeNull()
    expect((await get(`${server.url}/healthz`)).status).toBe(200)
    expect(server.output()).not.toMatch(/AssertionError|assert\(!this\.paused\)/)
  }, 120_000)
})
