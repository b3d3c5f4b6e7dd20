import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createMediaCache } from './media-cache'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-unit-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const bodyOf = (bytes: Buffer) => Readable.from([bytes.subarray(0, 10), bytes.subarray(10)], { objectMode: false })
const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('media cache', () => {
  it('keeps a complete download and serves ranges of it', async () => {
    const cache = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000 })
    const file = randomBytes(100)
    const download = await cache.download('https://a.test/x.mp3', { size: 100, contentType: 'audio/mpeg', etag: '"e"' }, bodyOf(file))
    expect(await download!.done).toBe(true)
    const hit = await cache.get('https://a.test/x.mp3')
    expect(hit).toMatchObject({ fresh: true, meta: { size: 100, contentType: 'audio/mpeg', etag: '"e"' } })
    expect((await bytesOf(hit!.stream(10, 19))).equals(file.subarray(10, 20))).toBe(true)
    expect(await cache.get('https://a.test/other.mp3')).toBeUndefined()
  })

  it('drops a download that ends short of its announced size, and one longer than announced', async () => {
    const cache = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000 })
    const short = await cache.download('https://a.test/short', { size: 100 }, bodyOf(randomBytes(60)))
    expect(await short!.done).toBe(false)
    const long = await cache.download('https://a.test/long', { size: 100 }, bodyOf(randomBytes(160)))
    expect(await long!.done).toBe(false)
    expect(readdirSync(dir)).toEqual([])
    expect(await cache.get('https://a.test/short')).toBeUndefined()
  })

  it('serves readers of a running download as the bytes arrive, and fails them if it breaks off', async () => {
    const cache = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000 })
    const body = new PassThrough()
    const file = randomBytes(200)
    const download = (await cache.download('https://a.test/grow', { size: 200 }, body))!
    body.write(file.subarray(0, 100))
    expect((await bytesOf(download.stream(0, 49))).equals(file.subarray(0, 50))).toBe(true)
    const later = bytesOf(download.stream(150, 199))
    expect(cache.downloading('https://a.test/grow')).toBe(download)
    body.end(file.subarray(100))
    expect((await later).equals(file.subarray(150, 200))).toBe(true)
    expect(await download.done).toBe(true)

    const broken = new PassThrough()
    const cut = (await cache.download('https://a.test/cut', { size: 200 }, broken))!
    broken.write(file.subarray(0, 100))
    const waiting = bytesOf(cut.stream(150, 199))
    broken.destroy(new Error('connection reset'))
    await expect(waiting).rejects.toThrow()
    expect(await cut.done).toBe(false)
    expect(await cache.get('https://a.test/cut')).toBeUndefined()
  })

  it('never lets the entries and the downloads in flight pass the cap', async () => {
    const cache = createMediaCache({ dir, maxBytes: 300, maxAgeMs: 60_000 })
    const a = new PassThrough()
    const first = await cache.download('https://a.test/a', { size: 200 }, a)
    expect(first).toBeDefined()
    // 200 are promised to the first: a second of 200 does not fit beside it.
    expect(await cache.download('https://a.test/b', { size: 200 }, new PassThrough())).toBeUndefined()
    // Bigger than the whole cap: never.
    expect(await cache.download('https://a.test/c', { size: 301 }, new PassThrough())).toBeUndefined()
    a.end(randomBytes(200))
    expect(await first!.done).toBe(true)
    // Now the first is an entry, least recently used: it makes room.
    const second = await cache.download('https://a.test/b', { size: 200 }, bodyOf(randomBytes(200)))
    expect(await second!.done).toBe(true)
    expect(await cache.get('https://a.test/a')).toBeUndefined()
  })

  it('is stale after maxAge until revalidated', async () => {
    let now = 1_000_000
    const cache = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000, now: () => now })
    await (await cache.download('https://a.test/x', { size: 20, etag: '"1"' }, bodyOf(randomBytes(20))))!.done
    now += 60_001
    const stale = await cache.get('https://a.test/x')
    expect(stale?.fresh).toBe(false)
    await stale?.close()
    await cache.revalidated('https://a.test/x', { etag: '"1"' })
    const confirmed = await cache.get('https://a.test/x')
    expect(confirmed?.fresh).toBe(true)
    await confirmed?.close()
  })

  it('sweeps what crashes leave and never serves an entry whose file is not whole', async () => {
    const cache = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000 })
    for (const name of ['kept', 'damaged']) await (await cache.download(`https://a.test/${name}`, { size: 20 }, bodyOf(randomBytes(20))))!.done
    const metaOf = (address: string) => path.join(dir, `${createHash('sha256').update(address).digest('hex')}.json`)
    const damaged = JSON.parse(readFileSync(metaOf('https://a.test/damaged'), 'utf8')).file as string
    // Its data file cut short behind the cache's back (a disk fault, a hand).
    writeFileSync(path.join(dir, damaged), 'short')
    expect(await cache.get('https://a.test/damaged')).toBeUndefined()
    const old = new Date(Date.now() - 3_600_000)
    const leftovers = [`${'0'.repeat(64)}.abc.part`, `${'1'.repeat(64)}.abc.media`, `${'2'.repeat(64)}.abc.json.tmp`, `${'4'.repeat(64)}.json`]
    for (const leftover of leftovers) {
      writeFileSync(path.join(dir, leftover), 'x')
      utimesSync(path.join(dir, leftover), old, old)
    }
    const writing = `${'3'.repeat(64)}.def.part`
    writeFileSync(path.join(dir, writing), 'a download of another process, still being written')
    await cache.sweep()
    const left = readdirSync(dir).sort()
    expect(left).toEqual([path.basename(metaOf('https://a.test/kept')), JSON.parse(readFileSync(metaOf('https://a.test/kept'), 'utf8')).file, writing].sort())
    const kept = await cache.get('https://a.test/kept')
    expect(kept?.meta.size).toBe(20)
    await kept?.close()
  })

  it('evicts down to a lowered cap on the sweep', async () => {
    let clock = Date.now()
    // Each use a second later than the last: least recently used is unambiguous.
    const big = createMediaCache({ dir, maxBytes: 1000, maxAgeMs: 60_000, now: () => (clock += 1000) })
    for (const name of ['a', 'b', 'c']) await (await big.download(`https://a.test/${name}`, { size: 100 }, bodyOf(randomBytes(100))))!.done
    const used = await big.get('https://a.test/a')
    await used?.close()
    const smaller = createMediaCache({ dir, maxBytes: 150, maxAgeMs: 60_000 })
    await smaller.sweep()
    // 'a' was used last: it stays.
    const kept = await smaller.get('https://a.test/a')
    expect(kept).toBeDefined()
    await kept?.close()
    expect(await smaller.get('https://a.test/b')).toBeUndefined()
    expect(await smaller.get('https://a.test/c')).toBeUndefined()
  })
})

describe('MEDIA_CACHE_MB', () => {
  it('sizes the cache under DATA_DIR/cache/media: 2048 MB by default, 0 turns copies off, blank is the default', () => {
    const c = loadConfig({ DATA_DIR: '/srv/lingocast' })
    expect(c.mediaCache).toEqual({ dir: '/srv/lingocast/cache/media', maxBytes: 2048 * 1_048_576, maxAgeMs: 86_400_000 })
    expect(loadConfig({ MEDIA_CACHE_MB: '0' }).mediaCache.maxBytes).toBe(0)
    expect(loadConfig({ MEDIA_CACHE_MB: '500' }).mediaCache.maxBytes).toBe(500 * 1_048_576)
    expect(loadConfig({ MEDIA_CACHE_MB: ' ' }).mediaCache.maxBytes).toBe(2048 * 1_048_576)
    for (const bad of ['-1', '1.5', 'lots']) expect(() => loadConfig({ MEDIA_CACHE_MB: bad })).toThrow(/MEDIA_CACHE_MB/)
  })

  it('with 0, nothing is ever copied', async () => {
    const cache = createMediaCache({ dir, maxBytes: 0, maxAgeMs: 60_000 })
    expect(await cache.download('https://a.test/x', { size: 10 }, bodyOf(randomBytes(10)))).toBeUndefined()
    expect(readdirSync(dir)).toEqual([])
  })

  it('an unwritable cache dir means no copy, not an error', async () => {
    writeFileSync(path.join(dir, 'file'), 'x')
    const cache = createMediaCache({ dir: path.join(dir, 'file', 'media'), maxBytes: 1000, maxAgeMs: 60_000 })
    expect(await cache.download('https://a.test/x', { size: 10 }, bodyOf(randomBytes(10)))).toBeUndefined()
  })
})

describe('the media cache cap under concurrent fills', () => {
  /** Bytes of copies and downloads on disk, as `du` would count them; a file removed between the listing and its size counts nothing. */
  const onDisk = () =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.media') || name.endsWith('.part'))
      .reduce((sum, name) => sum + (statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0), 0)

  it('holds with 8 fills finishing while others make room: never more on disk than the cap', async () => {
    const cap = 1_000_000
    const cache = createMediaCache({ dir, maxBytes: cap, maxAgeMs: 60_000 })
    // Many small copies make each room-making scan long enough for fills to finish during it.
    for (let i = 0; i < 60; i++) expect(await (await cache.download(`https://a.test/small-${i}`, { size: 1000 }, bodyOf(randomBytes(1000))))!.done).toBe(true)
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, onDisk())), 1)
    try {
      for (let round = 0; round < 6; round++) {
        // Eight files of 240 KB at once, each finishing at its own moment while the next ones make room.
        const fills = await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const body = new PassThrough()
            const download = await cache.download(`https://a.test/${round}-${i}.mp3`, { size: 240_000 }, body)
            if (!download) {
              body.destroy()
              return true
            }
            const bytes = randomBytes(240_000)
            body.write(bytes.subarray(0, 1000))
            setTimeout(() => body.end(bytes.subarray(1000)), i % 3)
            return download.done
          }),
        )
        expect(fills.filter(Boolean).length).toBeGreaterThan(0)
        most = Math.max(most, onDisk())
      }
    } finally {
      clearInterval(watch)
    }
    expect(most).toBeLessThanOrEqual(cap)
    expect(onDisk()).toBeLessThanOrEqual(cap)
  })
})
