import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../../test/app'
import { hostileDictionaries, writeDictd } from '../../../../../../test/dictionaries'
import { createTestUser, type TestUser } from '../../../../../../test/users'

/**
 * Dictionaries dropped in DATA_DIR/dictionaries are files from outside
 * (ARCHITECTURE.md s16): each hostile one here is left out with one log
 * line, while the good dictionary of the same language keeps answering,
 * nothing of a file outside the folder is ever shown, the server's memory
 * stays bounded and it keeps answering while they are indexed.
 */
let work: string
let t: TestApp
let learner: TestUser
const logLines: string[] = []
const SECRET = 'SECRET-OUTSIDE-MEANING'
const HOSTILE = ['badtable.index', 'bomb.index', 'giantline.index', 'tabless.tsv', 'gzbomb.ifo', 'leak.tsv'] as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-hostile-dict-'))
  const own = path.join(work, 'dictionaries')
  const de = path.join(own, 'de')
  mkdirSync(de, { recursive: true })
  writeFileSync(path.join(de, 'good.tsv'), 'house\tHaus (gut)\nhome\tZuhause (gut)\n')
  hostileDictionaries.badChunkTable(de, 'badtable', 'house')
  hostileDictionaries.chunkBomb(de, 'bomb', 'house')
  // 16 MB: 256 times the line cap (the old reader took seconds and hundreds of MB on it, quadratic in the line).
  hostileDictionaries.giantIndexLine(de, 'giantline', 'house', 16 * 1024 * 1024)
  hostileDictionaries.tablessTsv(de, 'tabless', 100_000)
  // 256 MB unpacked from a quarter of a MB: four times the cap.
  await hostileDictionaries.gzipBombIndex(de, 'gzbomb', 256)
  // A link out of the folder, to a file with a recognisable word: never read.
  const outside = path.join(work, 'elsewhere')
  mkdirSync(outside)
  writeFileSync(path.join(outside, 'secret.tsv'), `house\t${SECRET}\n`)
  symlinkSync(path.join(outside, 'secret.tsv'), path.join(de, 'leak.tsv'))
  // A dictd whose articles are damaged after it was indexed: found out at the lookup.
  writeDictd(de, 'later', [{ headwords: ['house'], text: 'house\nHaus (später kaputt)\n' }, { headwords: ['home'], text: 'home\nZuhause (später kaputt)\n' }], { dictzip: true, chunkLength: 16 })
  t = await buildTestApp({ dictionaries: { ownDir: own, systemDir: path.join(work, 'no-system'), edict: undefined, cedict: undefined } }, { logLines })
  learner = await createTestUser(t.db.database, 'hostile-dictionaries@example.com')
})
afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

const leftOut = (file: string) => logLines.filter((l) => l.includes('dictionary left out') && l.includes(file))

async function lookupHouse(word = 'house') {
  const res = await t.app.inject({ url: `/english_vocab/api/words/lookup?word=${word}&sentence=${encodeURIComponent(`They bought a ${word}.`)}`, headers: learner.auth })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.body).not.toContain(SECRET)
  return res.json() as { translations: Array<{ text: string; source: string }> }
}

describe('hostile dictionaries', () => {
  it('are each left out with one log line while the good one answers, the server answering and its memory bounded meanwhile', async () => {
    // The English lookup's own data (WordNet, the lemmatiser) is loaded by a first lookup, not counted here.
    await lookupHouse()
    const before = process.memoryUsage().rss
    let peak = before
    let slowest = 0
    let indexing = true
    // /healthz all along the indexing.
    const probe = (async () => {
      while (indexing) {
        const started = performance.now()
        const res = await t.app.inject({ url: '/healthz' })
        slowest = Math.max(slowest, performance.now() - started)
        expect(res.statusCode).toBe(200)
        peak = Math.max(peak, process.memoryUsage().rss)
        await sleep(10)
      }
    })()
    const set = await t.app.inject({ method: 'PUT', url: '/english_vocab/api/words/settings', headers: learner.auth, payload: { native_language: 'de' } })
    expect(set.statusCode).toBe(200)
    // The first lookup answers (200) whatever is indexed by then.
    await lookupHouse()
    await t.app.translations.ready('de')
    indexing = false
    await probe

    const { translations } = await lookupHouse()
    expect(translations).toEqual([
      { text: 'Haus (gut)', source: 'good' },
      { text: 'Haus (später kaputt)', source: 'later' },
    ])
    for (const file of HOSTILE) expect(leftOut(file), file).toHaveLength(1)
    expect(leftOut('badtable.index')[0]).toContain('chunk table runs past the end of the file')
    expect(leftOut('bomb.index')[0]).toContain('does not inflate to its 1024 bytes')
    expect(leftOut('giantline.index')[0]).toContain('has a line over')
    expect(leftOut('tabless.tsv')[0]).toContain('no headword')
    expect(leftOut('gzbomb.ifo')[0]).toContain('does not unpack within 64 MB')
    expect(leftOut('leak.tsv')[0]).toContain('not a regular file inside the dictionaries folder')
    expect(logLines.join('\n')).not.toContain(SECRET)
    // Wide margins: the old readers took 350 MB+ for the gzip bomb alone (and hundreds more for the giant
    // line), and blocked the loop for seconds. Here it grows 155-190 MB, most of it the indexing threads.
    expect(Math.round((peak - before) / 1e6), 'MB the process grew by').toBeLessThan(300)
    expect(Math.round(slowest), 'slowest /healthz, ms').toBeLessThan(500)

    // Asked again: still 200, and no second log line for any of them.
    await lookupHouse()
    for (const file of HOSTILE) expect(leftOut(file), file).toHaveLength(1)
  })

  it('leaves out, once, a dictionary whose articles turn out damaged at a lookup, and answers from the others', async () => {
    // The articles file overwritten in place after indexing (a chunk bomb now): "home" lies in chunks not read yet.
    hostileDictionaries.chunkBomb(path.join(work, 'dictionaries', 'de'), 'later', 'unused')
    for (let i = 0; i < 2; i++) {
      const { translations } = await lookupHouse('home')
      expect(translations).toEqual([{ text: 'Zuhause (gut)', source: 'good' }])
    }
    const lines = leftOut('later.index')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('dictzip chunk')
  })
})
