import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import * as contract from '@lingocast/contract'
import fc from 'fast-check'
import type { RouteOptions } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildTestApp } from './app'
import { buildWorld, freshOwnRows, keepSignedIn, readState, SECRET, type OwnedRefs } from './fuzz/fixtures'
import { UNREACHABLE_URLS } from './fuzz/hostile'
import { installNetworkTripwire } from './fuzz/network-tripwire'
import { requestsFor, show, type FuzzRequest, type FuzzRoute } from './fuzz/requests'
import { toJsonSchema, type JsonSchema, type ValuePools } from './fuzz/schema-arbitrary'

/**
 * Contract-driven fuzz: every route the app registers, the
 * contract's and the ones outside it, gets valid-looking requests derived
 * from its schemas and hostile ones (NUL, huge and negative numbers, lenient
 * number text, wrong types, huge and odd text; JSON, form, text and broken
 * multipart bodies), sent as user B, anonymously or with a bad token, with
 * user A's real ids mixed in. No answer may be a 5xx, no answer may carry
 * A's secret texts, a number-only field must refuse `0x1`-style text, and
 * A's data must read the same afterwards.
 *
 * FUZZ_SEED (default fixed) reproduces a run; FUZZ_RUNS sets requests per
 * route; FUZZ_SHRINK=1 stops a route at its first failure and lets
 * fast-check shrink it (its report then names the seed and path to replay);
 * FUZZ_ROUTE=text runs only the routes whose "METHOD /path" contains it;
 * FUZZ_VERBOSE=1 prints each route's answers by status.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_414)
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)
const SHRINK = process.env.FUZZ_SHRINK === '1'
const VERBOSE = process.env.FUZZ_VERBOSE === '1'
const ONLY = process.env.FUZZ_ROUTE

// Every route the app registers, with the schemas Fastify validates it with: collected as Fastify creates it.
const registered = vi.hoisted(() => [] as RouteOptions[])
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>()
  const create = ((options?: Parameters<typeof original.default>[0]) => {
    const app = original.default(options)
    app.addHook('onRoute', (route) => void registered.push(route))
    return app
  }) as typeof original.default
  return { ...original, default: create, fastify: create }
})

/** Every route object the contract exports, wherever it sits (namespaces such as memoriesRoutes, or single exports). */
function contractRoutes(): Array<{ name: string; route: contract.RouteContract }> {
  const isRoute = (v: unknown): v is contract.RouteContract =>
    typeof v === 'object' && v !== null && typeof (v as { method?: unknown }).method === 'string' && typeof (v as { path?: unknown }).path === 'string' && 'auth' in v && 'response' in v
  const found = new Map<contract.RouteContract, string>()
  const walk = (value: unknown, name: string, depth: number) => {
    if (isRoute(value)) {
      if (!found.has(value)) found.set(value, name)
      return
    }
    if (depth > 1 || typeof value !== 'object' || value === null || '_zod' in value) return
    for (const [key, inner] of Object.entries(value)) walk(inner, name ? `${name}.${key}` : key, depth + 1)
  }
  walk(contract, '', 0)
  return [...found].map(([route, name]) => ({ name, route }))
}

/** Exported zod schemas and constants of the contract: query keys and header names a route outside it may read. */
function contractVocabulary() {
  const keys = new Set<string>()
  const headers = new Set<string>(['range', 'accept', 'if-none-match', 'if-modified-since', 'origin', 'x-forwarded-for'])
  const collect = (s: JsonSchema | undefined) => {
    if (!s || typeof s !== 'object') return
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      keys.add(k)
      collect(v)
    }
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.items ? [s.items] : [])]) collect(alt)
  }
  const visit = (value: unknown, depth: number) => {
    if (typeof value === 'string' && /^x-[a-z-]+$/.test(value)) headers.add(value)
    if (typeof value !== 'object' || value === null || depth > 2) return
    if ('_zod' in value) return collect(toJsonSchema(value))
    for (const inner of Object.values(value)) visit(inner, depth + 1)
  }
  visit(contract, 0)
  return { keys: [...keys].sort(), headers: [...headers] }
}

const seedFor = (key: string) => createHash('sha256').update(`${SEED}:${key}`).digest().readInt32BE(0)

// ---- the app, A's and B's data ---------------------------------------------

const tripwire = installNetworkTripwire()
const logLines: string[] = []
const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-fuzz-console-'))
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>')
const t = await buildTestApp({ consoleDir }, { logLines })
const world = await buildWorld(t)
const stateBefore = await readState(t, world)

afterAll(async () => {
  tripwire.uninstall()
  if (VERBOSE) {
    for (const [label, counts] of statuses) console.info(`${label}: ${[...counts].sort(([x], [y]) => x - y).map(([s, n]) => `${s} x${n}`).join(', ')}`)
  }
  if (tripwire.attempts.length > 0) {
    const counts = new Map<string, number>()
    for (const a of tripwire.attempts) counts.set(a, (counts.get(a) ?? 0) + 1)
    console.info(`contract fuzz: outbound attempts stopped by the tripwire: ${[...counts].map(([a, n]) => `${a} x${n}`).join(', ')}`)
  }
  await t.close()
  world.close()
  rmSync(consoleDir, { recursive: true, force: true })
})

const byContract = new Map(contractRoutes().map(({ name, route }) => [`${route.method} ${route.path}`, { name, route }]))
const seen = new Set<string>()
const routes: FuzzRoute[] = []
for (const r of registered) {
  for (const method of [r.method].flat()) {
    const key = `${method} ${r.url}`
    if (method === 'HEAD' || seen.has(key)) continue
    seen.add(key)
    const schema = (r.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown }
    const c = byContract.get(key)
    routes.push({
      method,
      url: r.url,
      params: schema.params,
      query: schema.querystring,
      body: schema.body,
      bodyEncoding: c?.route.bodyEncoding,
      contractName: c?.name,
    })
  }
}
const vocabulary = contractVocabulary()

function poolsFor(foreign: OwnedRefs, own: OwnedRefs): ValuePools {
  // B's own rows twice: requests then take the owner's paths as often as the stranger's.
  const both = [foreign, own, own]
  const strings = both.flatMap((r) => [...r.hashIds, ...r.playlistHashIds, ...r.addresses, ...r.addresses.map((a) => a.replace(/^\//, '')), ...r.notesFiles])
  const integers = both.flatMap((r) => [...r.articleIds, ...r.playlistIds, ...r.deckIds, ...r.cardIds, ...r.channelIds, ...r.itemIds])
  return { strings: [...strings, '/demo/sense-and-sensibility.mp3', ...UNREACHABLE_URLS.slice(0, 4)], integers: [...integers, 1, 2] }
}

// ---- one request ------------------------------------------------------------

interface Failure {
  kind: '5xx' | 'leak' | 'lenient number accepted' | 'no answer'
  status: number
  logged: string
  request: string
}

function loggedError(requestId: string | undefined): string {
  if (!requestId) return ''
  const lines = logLines.filter((l) => l.includes(requestId) && /"level":(50|60)/.test(l))
  return lines
    .map((l) => {
      const entry = JSON.parse(l) as { msg?: string; err?: { type?: string; message?: string; code?: string; stack?: string } }
      const first = (text?: string) => text?.split('\n')[0]?.slice(0, 140)
      // A database error names its cause only in the stack ("caused by: ...").
      const cause = /caused by: ([^\n]*)/.exec(entry.err?.stack ?? '')?.[1]
      return [entry.msg, entry.err?.type, entry.err?.code, first(entry.err?.message)].filter(Boolean).join(': ') + (cause ? ` [caused by: ${cause.slice(0, 140)}]` : '')
    })
    .join(' | ')
}

/** Answers per route by status: a route that only ever answers 400 is not being reached (FUZZ_VERBOSE=1 prints them). */
const statuses = new Map<string, Map<number, number>>()

/** The request's lenient-number variants first (a delete that succeeds would leave them nothing to find), then the request. */
async function send(req: FuzzRequest, label: string): Promise<Failure[]> {
  const failures: Failure[] = []
  for (const variant of req.variants) failures.push(...(await sendOne(variant, label)))
  failures.push(...(await sendOne(req, label)))
  return failures
}

async function sendOne(req: FuzzRequest, label: string): Promise<Failure[]> {
  const { b } = world
  const headers = { ...req.headers }
  if (req.actor === 'B') headers.authorization = b.auth.authorization
  if (req.actor === 'B-cookie') headers.cookie = `${contract.TOKEN_COOKIE}=${b.token}`
  if (req.actor === 'bad-token') headers.authorization = `Bearer ${'A'.repeat(43)}`
  const request = show(req)
  let res
  try {
    res = await t.app.inject({ method: req.method as 'GET', url: req.url, headers, ...(req.payload === undefined ? {} : { payload: req.payload }) })
  } catch (error) {
    return [{ kind: 'no answer', status: 0, logged: String(error), request }]
  } finally {
    await keepSignedIn(t, b)
  }
  const counts = statuses.get(label) ?? new Map<number, number>()
  statuses.set(label, counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1))
  const failures: Failure[] = []
  const requestId = res.headers['x-request-id'] as string | undefined
  if (res.statusCode >= 500) failures.push({ kind: '5xx', status: res.statusCode, logged: loggedError(requestId) || res.body.slice(0, 200), request })
  const seenByB = `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase()
  if (seenByB.includes(SECRET)) {
    const at = seenByB.indexOf(SECRET)
    failures.push({ kind: 'leak', status: res.statusCode, logged: `...${seenByB.slice(Math.max(0, at - 80), at + 40)}...`, request })
  }
  if (req.lenient.length > 0 && res.statusCode >= 200 && res.statusCode < 300) failures.push({ kind: 'lenient number accepted', status: res.statusCode, logged: req.lenient.join(', '), request })
  return failures
}

/** One line per distinct cause: messages with their numbers and ids blurred, with a count and the first request. */
function summarise(failures: Failure[], seed: number): string[] {
  const groups = new Map<string, { count: number; first: Failure }>()
  for (const f of failures) {
    const cause = f.kind === '5xx' ? f.logged.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').replace(/\d+/g, 'N').slice(0, 200) : ''
    const key = `${f.kind} ${f.status} ${cause}`
    const group = groups.get(key)
    if (group) group.count++
    else groups.set(key, { count: 1, first: f })
  }
  return [...groups.values()].map(({ count, first }) => `${first.kind} (status ${first.status}, x${count}, seed ${seed}): ${first.logged}\n    e.g. ${first.request}`)
}

// ---- the tests --------------------------------------------------------------

describe('contract-driven fuzz', () => {
  it('covers every route of the contract, and finds the routes the app serves outside it', () => {
    const missing = [...byContract.keys()].filter((key) => !seen.has(key))
    expect(missing, 'contract routes the app does not register').toEqual([])
    expect(byContract.size).toBeGreaterThan(40)
    expect(routes.filter((r) => !r.contractName).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /storage/api/jump/*', 'GET /storage/api/thumbnail/*', 'GET /media-proxy/proxy_media', 'GET /media-proxy/thumbnail-image', 'GET /healthz', 'GET /readyz', 'GET /metrics']),
    )
  })

  it.each(routes.filter((r) => !ONLY || `${r.method} ${r.url}`.includes(ONLY)).map((route) => ({ route, label: `${route.method} ${route.url}${route.contractName ? '' : ' (outside the contract)'}` })))(
    '$label: no 5xx, no leak of A, no lenient number',
    async ({ route }) => {
      const own = await freshOwnRows(t, world)
      const pools = poolsFor(world.aRefs, own)
      const seed = seedFor(`${route.method} ${route.url}`)
      const failures: Failure[] = []
      await fc.assert(
        fc.asyncProperty(requestsFor(route, { pools, genericKeys: vocabulary.keys, headers: { names: vocabulary.headers }, fileFields: [contract.UPLOAD_FILE_FIELD, contract.UPLOAD_SUBTITLE_FIELD], mediaSamples: world.mediaSamples }), async (req) => {
          const found = await send(req, `${route.method} ${route.url}`)
          failures.push(...found)
          if (SHRINK && found.length > 0) throw new Error(found.map((f) => `${f.kind} ${f.status}: ${f.logged}\n  ${f.request}`).join('\n'))
        }),
        { seed, numRuns: RUNS, ...(SHRINK ? {} : { endOnFailure: true }) },
      )
      expect(summarise(failures, seed), `FUZZ_SEED=${SEED} (route seed ${seed}), ${RUNS} runs`).toEqual([])
    },
    180_000,
  )

  it("leaves A's data as it was", async () => {
    expect(await readState(t, world)).toEqual(stateBefore)
  })
})
