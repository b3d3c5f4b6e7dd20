import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../apps/server/src/app'
import { loadConfig } from '../apps/server/src/config'
import { openDatabase } from '../apps/server/src/db/client'
import { createAuthRepo } from '../apps/server/src/features/auth/auth.repo'
import { parseFeedDocument } from '../apps/server/src/features/feeds/parse-feed'
import { podcastFeed, startFeedServer } from '../test/feed-server'
import { median, printTable } from './harness'

/**
 * Feeds (QUALITY.md): parsing a 5 MB feed of 1,500 items <= 300 ms, against
 * JSON.parse of a JSON document of the same size in the same run; refreshing
 * 200 subscribed channels served from loopback, half unchanged: the unchanged
 * ones answered 304 by conditional GET and none of them parsed again.
 */
const runs = Number(process.env.BENCH_RUNS ?? 7)
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 200)

function bigFeed(): string {
  const paragraph = 'In this episode we talk about ordering coffee, small talk at work and the phrasal verbs that come with them. '
  const items = Array.from({ length: 1500 }, (_, i) => ({
    guid: `episode-${i}`,
    title: `Episode ${1500 - i}: everyday English, part ${i}`,
    audio: `https://cdn.example.com/show/episode-${i}.mp3`,
    pubDate: new Date(Date.UTC(2026, 10, 1) - i * 86_400_000).toUTCString(),
    duration: `${10 + (i % 50)}:${String(i % 60).padStart(2, '0')}`,
    description: `<p>${paragraph.repeat(28)}</p>`,
    transcript: i % 3 === 0 ? { url: `https://cdn.example.com/show/episode-${i}.vtt`, type: 'text/vtt' } : undefined,
  }))
  return podcastFeed({ title: 'A big show', description: 'Five megabytes of episodes', category: 'Education', items })
}

/** A JSON document of the same byte size: the baseline parser on the same machine, same run. */
function jsonOfSize(bytes: number): string {
  const rows: Array<Record<string, string | number>> = []
  let size = 2
  for (let i = 0; size < bytes; i++) {
    const row = { id: i, title: `Episode ${i}`, audio: `https://cdn.example.com/show/episode-${i}.mp3`, description: 'x'.repeat(3000) }
    size += JSON.stringify(row).length + 1
    rows.push(row)
  }
  return JSON.stringify(rows)
}

function time(fn: () => unknown): number {
  const t0 = performance.now()
  fn()
  return performance.now() - t0
}

async function parseBench() {
  const xml = bigFeed()
  const json = jsonOfSize(Buffer.byteLength(xml))
  const parsed = parseFeedDocument(xml)
  if (parsed.items.length !== 1500) throw new Error(`parsed ${parsed.items.length} items, expected 1500`)
  // Warm-up, so both parsers are measured compiled.
  for (let i = 0; i < 2; i++) {
    parseFeedDocument(xml)
    JSON.parse(json)
  }
  const feedMs = median(Array.from({ length: runs }, () => time(() => parseFeedDocument(xml))))
  const jsonMs = median(Array.from({ length: runs }, () => time(() => JSON.parse(json))))
  return { mb: Buffer.byteLength(xml) / 1_048_576, feedMs, jsonMs }
}

async function refreshBench() {
  const server = await startFeedServer()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-feeds-'))
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, dataDir })
  const app = await buildApp({ ...loadConfig({ DATA_DIR: dataDir, PROCESS_ROLE: 'web', FEED_CATALOGUE_FETCH: '0', FETCH_ALLOW_HOSTS: '127.0.0.1' }), logLevel: 'silent' }, { database, logger: false })
  await app.ready()
  try {
    const user = await createAuthRepo(database.db).upsertUserByEmail('bench-feeds@example.com', 'bench')
    const feedOf = (c: number, extra: number) =>
      podcastFeed({
        title: `Channel ${c}`,
        items: Array.from({ length: 50 + extra }, (_, i) => ({
          guid: `c${c}-e${i}`,
          title: `Channel ${c} episode ${i}`,
          audio: `${server.url}/media/c${c}-e${i}.mp3`,
          pubDate: new Date(Date.UTC(2026, 10, 1) - i * 86_400_000).toUTCString(),
          description: 'A short description of the episode. '.repeat(10),
        })),
      })
    const ids: number[] = []
    for (let c = 0; c < CHANNELS; c++) {
      server.set(`/c${c}.xml`, { body: feedOf(c, 0) })
      ids.push((await app.feeds.importChannel(user.id, `${server.url}/c${c}.xml`)).id)
    }
    // Half the channels publish one new episode; the other half are unchanged.
    for (let c = 0; c < CHANNELS; c += 2) server.set(`/c${c}.xml`, { body: feedOf(c, 1) })
    const before = server.requests.length
    const outcomes: string[] = []
    const queue = [...ids]
    const t0 = performance.now()
    // As the job queue's feed lane runs them: FEED_CONCURRENCY (default 4) at a time.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) outcomes.push((await app.feeds.refresh(id)).result)
      }),
    )
    const ms = performance.now() - t0
    const seen = server.requests.slice(before)
    return {
      ms,
      notModified: seen.filter((r) => r.status === 304).length,
      fetched: outcomes.filter((o) => o === 'fetched').length,
      reparsedUnchanged: outcomes.filter((o) => o === 'fetched').length - CHANNELS / 2,
    }
  } finally {
    await app.close()
    await database.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const parse = await parseBench()
const refresh = await refreshBench()
printTable([
  { what: `parse ${parse.mb.toFixed(1)} MB RSS, 1,500 items (median of ${runs})`, ms: parse.feedMs.toFixed(1), goal: '<= 300 ms' },
  { what: 'JSON.parse of the same size (baseline)', ms: parse.jsonMs.toFixed(1), goal: '-' },
  { what: `refresh ${CHANNELS} channels, half unchanged (4 at a time)`, ms: refresh.ms.toFixed(0), goal: '-' },
  { what: 'unchanged channels answered 304', ms: refresh.notModified, goal: String(CHANNELS / 2) },
  { what: 'unchanged channels parsed again', ms: refresh.reparsedUnchanged, goal: '0' },
])
console.log(
  `RESULT feed_parse_ms=${parse.feedMs.toFixed(1)} json_parse_ms=${parse.jsonMs.toFixed(1)} parse_ratio=${(parse.feedMs / parse.jsonMs).toFixed(1)} refresh_ms=${refresh.ms.toFixed(0)} not_modified=${refresh.notModified} reparsed_unchanged=${refresh.reparsedUnchanged}`,
)
process.exit(0)
