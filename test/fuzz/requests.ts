import fc from 'fast-check'
import { applyMutations, encodeComponent, encodePairs, mutations, numbersOnly, overLimit, positions, RAW_QUERY, RAW_SEGMENTS, schemaAt, toPairs, type PathKey } from './hostile'
import { anyValue, arbitraryFor, toJsonSchema, type JsonSchema, type ValuePools } from './schema-arbitrary'

/** One route as the fuzz sees it: from the running app, with the contract's word on how the console encodes its body. */
export interface FuzzRoute {
  method: string
  /** Fastify's pattern, e.g. `/english_vocab/memories/flashcard/:id` or `/storage/api/jump/*`. */
  url: string
  params?: unknown
  query?: unknown
  body?: unknown
  bodyEncoding?: 'json' | 'form' | 'text'
  /** From the contract, or undefined for a route outside it. */
  contractName?: string
}

/** Who sends a request. B is the second user; A's data must stay invisible and unchanged. */
export type Actor = 'B' | 'B-cookie' | 'anonymous' | 'bad-token'
export type Encoding = 'json' | 'form' | 'text' | 'multipart' | 'broken-multipart' | 'raw' | 'none'

export interface FuzzRequest {
  actor: Actor
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  encoding: Encoding
  /** Hostile lenient numbers put where the schema wants a number only: such a request must not succeed. */
  lenient: string[]
  /** Sent before this request: the same with one number written leniently; each must be refused. */
  variants: FuzzRequest[]
}

const RAW_BODIES = ['{"a":', '{"a":1e999}', '[' .repeat(5000), '{"a":"\\u0000"}', 'null', '"x"', '1', '{"a":1,"a":2}', '\ufeff{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', 'a=1&b=2']
const OTHER_TYPES = ['application/xml', 'text/html', 'application/octet-stream', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded; charset=latin1', 'multipart/form-data', 'image/png', '']

const describeRequest = (r: Omit<FuzzRequest, 'lenient' | 'variants'>) => {
  const body = r.payload === undefined ? '' : Buffer.isBuffer(r.payload) ? r.payload.toString('latin1') : r.payload
  const shown = body.length > 400 ? `${body.slice(0, 400)}... (${body.length} chars)` : body
  const type = r.headers['content-type'] === undefined ? '' : ` [${r.headers['content-type']}]`
  return `${r.actor}: ${r.method} ${r.url.length > 400 ? `${r.url.slice(0, 400)}... (${r.url.length} chars)` : r.url}${type}${shown ? ` ${JSON.stringify(shown)}` : ''}`
}

/** How fast-check prints a request in its report (and how failures are listed). */
export function show(r: Omit<FuzzRequest, 'lenient' | 'variants'>): string {
  return describeRequest(r)
}

const segmentOf = (value: unknown, wildcard: boolean, rawSegment: string | null): string => {
  if (rawSegment !== null) return rawSegment
  const text = typeof value === 'string' ? value : value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return wildcard ? text.replace(/^\/+/, '').split('/').map(encodeComponent).join('/') : encodeComponent(text)
}

function multipartBody(value: unknown, file: { field: string; name: string; bytes: Buffer } | null) {
  const boundary = '----lingocastfuzz7d3f'
  const chunks: Buffer[] = []
  for (const [k, v] of toPairs(value)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.bytes, Buffer.from('\r\n'))
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { type: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(chunks) }
}

const BROKEN_MULTIPART: Array<{ type: string; payload: string }> = [
  { type: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nID3' },
  { type: 'multipart/form-data', payload: '--abc\r\n\r\n' },
  { type: 'multipart/form-data; boundary=abc', payload: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--xyz--' },
  { type: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="\u0000.mp3"\r\n\r\nx\r\n--abc--\r\n' },
  { type: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Disposition: form-data\r\n\r\nx\r\n--abc--\r\n' },
  { type: 'multipart/form-data; boundary=abc', payload: '--abc\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--abc--\r\n' },
  { type: 'multipart/form-data; boundary=abc', payload: '--abc--\r\n' },
  { type: 'multipart/form-data; boundary=abc', payload: '' },
  { type: `multipart/form-data; boundary=${'b'.repeat(300)}`, payload: `--${'b'.repeat(300)}\r\n` },
  { type: 'multipart/form-data; boundary=abc', payload: `--abc\r\nContent-Disposition: form-data; name="file"; filename="${'n'.repeat(5000)}.mp3"\r\n\r\nx\r\n--abc--\r\n` },
]

const FILE_NAMES = ['a.mp3', 'clip.mp4', 'x.srt', 'noext', '../../etc/passwd.mp3', 'a\u0000.mp3', '🎧.m4a', '.mp3', 'a.MP3', 'con.wav', 'a.mp3.exe', `${'n'.repeat(300)}.mp3`]
const FILE_BYTES = [Buffer.from('ID3\u0003\u0000\u0000'), Buffer.from('#EXTM3U\n#EXTINF:1,\n/etc/passwd\n'), Buffer.from('ffconcat version 1.0\nfile /etc/passwd\n'), Buffer.alloc(0), Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n'), Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])]

/** `arbitrary` in `percent` of the runs, else `none`. */
function sometimes<T, N>(arbitrary: fc.Arbitrary<T>, percent: number, none: N): fc.Arbitrary<T | N> {
  return fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(none) }, { weight: percent, arbitrary })
}

/** A route's parameter names in its pattern, `*` included. */
const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*')

/** Headers the app reads besides auth (exported by the contract, e.g. the notes editor's), and a few any server reads. */
export interface HeaderPool {
  names: readonly string[]
}

export interface RequestContext {
  pools: ValuePools
  /** Query keys a route outside the contract may read: every key the contract's schemas name. */
  genericKeys: readonly string[]
  headers: HeaderPool
  /** Multipart field names a route reads files from (the contract's), and real media to send in them. */
  fileFields: readonly string[]
  mediaSamples: readonly Buffer[]
}

/** Requests for one route: valid-looking values from its schemas, then a hostile layer, then an encoding. */
export function requestsFor(route: FuzzRoute, ctx: RequestContext): fc.Arbitrary<FuzzRequest> {
  const { pools } = ctx
  const names = paramNames(route.url)
  const paramsSchema: JsonSchema = route.params ? toJsonSchema(route.params) : { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names }
  const querySchema: JsonSchema | undefined = route.query ? toJsonSchema(route.query) : undefined
  const bodySchema: JsonSchema | undefined = route.body ? toJsonSchema(route.body) : undefined
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD'

  const genericQuery = fc.dictionary(fc.constantFrom(...ctx.genericKeys), anyValue(pools), { maxKeys: 3 })
  const queryValue = querySchema ? arbitraryFor(querySchema, pools) : sometimes(genericQuery, 50, undefined)
  const bodyValue = bodySchema ? arbitraryFor(bodySchema, pools) : sometimes(fc.oneof(genericQuery, anyValue(pools)), 50, undefined)

  // A POST or PUT that declares no body reads a stream: multipart, as uploads are sent.
  const declared: Encoding = route.bodyEncoding ?? (route.body || route.method === 'DELETE' ? 'json' : 'multipart')
  const encoding: fc.Arbitrary<Encoding> = hasBody
    ? fc.oneof(
        { weight: 6, arbitrary: fc.constant(declared) },
        { weight: 3, arbitrary: fc.constantFrom<Encoding>('json', 'form', 'text') },
        { weight: 1, arbitrary: fc.constantFrom<Encoding>('multipart', 'broken-multipart', 'raw', 'none') },
      )
    : fc.constant('none')

  const actor = fc.oneof(
    { weight: 14, arbitrary: fc.constant<Actor>('B') },
    { weight: 2, arbitrary: fc.constant<Actor>('B-cookie') },
    { weight: 2, arbitrary: fc.constant<Actor>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Actor>('bad-token') },
  )

  // A query no schema reads is only noise: hostile there only when nothing else is read.
  const read: Array<'params' | 'query' | 'body'> = [...(names.length > 0 ? (['params'] as const) : []), ...(querySchema ? (['query'] as const) : []), ...(hasBody ? (['body'] as const) : [])]
  const focusable = read.length > 0 ? read : (['query'] as const)
  const record = fc.record({
    actor,
    method: route.method === 'GET' ? fc.oneof({ weight: 9, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constant('HEAD') }) : fc.constant(route.method),
    params: arbitraryFor(paramsSchema, pools),
    // One part carries the hostile changes, the others stay valid-looking: a NUL in the query must not hide what the body does.
    focus: fc.constantFrom<'params' | 'query' | 'body'>(...focusable),
    paramMutations: mutations(pools),
    rawSegment: sometimes(fc.constantFrom(...RAW_SEGMENTS), 8, null),
    query: queryValue,
    queryMutations: mutations(pools),
    rawQuery: sometimes(fc.constantFrom(...RAW_QUERY), 8, null),
    body: bodyValue,
    bodyMutations: mutations(pools),
    huge: sometimes(overLimit, 2, null),
    encoding,
    contentType: sometimes(fc.constantFrom(...OTHER_TYPES), 6, null),
    rawBody: fc.constantFrom(...RAW_BODIES),
    broken: fc.constantFrom(...BROKEN_MULTIPART),
    file: sometimes(fc.record({ field: fc.constantFrom(...ctx.fileFields, 'x'), name: fc.constantFrom(...FILE_NAMES), bytes: fc.constantFrom(...FILE_BYTES, ...ctx.mediaSamples) }), 50, null),
    extraHeader: sometimes(fc.tuple(fc.constantFrom(...ctx.headers.names), fc.constantFrom('', '0', '-1', '1.5', '99999999999', 'tab-aaaaaaaa', 'x'.repeat(2000), 'bytes=0-', 'bytes=-1', 'bytes=abc', 'bytes=0-0,1-1,2-2', 'text/html', '*/*')), 15, null),
    lenientForm: fc.constantFrom(...LENIENT_FORMS),
  })
  type Generated = typeof record extends fc.Arbitrary<infer G> ? G : never
  type Parts = { params: unknown; query: unknown; body: unknown }

  const encode = (g: Generated, parts: Parts): Omit<FuzzRequest, 'lenient' | 'variants'> => {
    const p = (parts.params && typeof parts.params === 'object' ? parts.params : {}) as Record<string, unknown>
    let url = route.url
    for (const name of names) {
      const segment = segmentOf(p[name], name === '*', g.rawSegment)
      url = url.replace(name === '*' ? '*' : `:${name}`, () => segment)
    }
    const query = [encodePairs(toPairs(parts.query)), g.rawQuery ?? ''].filter(Boolean)
    if (query.length > 0) url += `?${query.join('&')}`

    const headers: Record<string, string> = {}
    if (g.extraHeader) headers[g.extraHeader[0]] = g.extraHeader[1]
    let payload: string | Buffer | undefined
    let enc = g.encoding
    if (hasBody) {
      const value = parts.body
      switch (enc) {
        case 'json':
          headers['content-type'] = 'application/json'
          payload = JSON.stringify(value)
          if (payload === undefined) enc = 'none'
          break
        case 'form':
          headers['content-type'] = 'application/x-www-form-urlencoded'
          payload = encodePairs(toPairs(value))
          break
        case 'text':
          headers['content-type'] = 'text/plain; charset=utf-8'
          payload = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
          break
        case 'multipart': {
          const m = multipartBody(value, g.file)
          headers['content-type'] = m.type
          payload = m.payload
          break
        }
        case 'broken-multipart':
          headers['content-type'] = g.broken.type
          payload = g.broken.payload
          break
        case 'raw':
          headers['content-type'] = 'application/json'
          payload = g.rawBody
          break
        case 'none':
          if (g.contentType === null) headers['content-type'] = 'application/json'
          break
      }
      if (g.contentType !== null) headers['content-type'] = g.contentType
    }
    return { actor: g.actor, method: g.method, url, headers, payload, encoding: enc }
  }

  return record.map((g): FuzzRequest => {
    const lenient: string[] = []
    const track = (schema: JsonSchema | undefined, applied: { value: unknown; replaced: Array<{ at: PathKey[]; value: unknown }> }) => {
      for (const r of applied.replaced) {
        if (!isLenientNumber(r.value) || r.at.length === 0) continue
        if (valueAt(applied.value, r.at) === r.value && schema && numbersOnly(schemaAt(schema, r.at))) lenient.push(`${r.at.join('.')}=${JSON.stringify(r.value)}`)
      }
    }
    const params = applyMutations(g.params, g.focus === 'params' ? g.paramMutations : [])
    const query = applyMutations(g.query, g.focus === 'query' ? g.queryMutations : [])
    const body = applyMutations(g.huge ?? g.body, g.huge || g.focus !== 'body' ? [] : g.bodyMutations)
    const parts: Parts = { params: params.value, query: query.value, body: body.value }
    const readsText = g.contentType === null && g.rawSegment === null
    if (readsText) {
      if (route.params) track(paramsSchema, params)
      if (querySchema) track(querySchema, query)
      if (g.encoding === 'json' || g.encoding === 'form') track(bodySchema, body)
    }

    // The same request with one number written as text Number() reads but a decimal id is not (` 5`, `0x5`, `5.0`): it must be refused.
    const variants: FuzzRequest[] = []
    if (readsText && (!hasBody || g.encoding === 'json' || g.encoding === 'form')) {
      const sources: Array<[keyof Parts, JsonSchema | undefined]> = [['params', route.params ? paramsSchema : undefined], ['query', querySchema], ['body', hasBody ? bodySchema : undefined]]
      for (const [part, schema] of sources) {
        if (!schema) continue
        const at = positions(parts[part]).find((pos) => pos.length > 0 && typeof valueAt(parts[part], pos) === 'number' && Number.isInteger(valueAt(parts[part], pos)) && (valueAt(parts[part], pos) as number) >= 0 && numbersOnly(schemaAt(schema, pos)))
        if (!at) continue
        const text = g.lenientForm(valueAt(parts[part], at) as number)
        const changed = applyMutations(parts[part], [{ op: 'replace', at: positions(parts[part]).findIndex((pos) => pos.join('\u0001') === at.join('\u0001')), value: text }]).value
        variants.push({ ...encode(g, { ...parts, [part]: changed }), lenient: [`${part}.${at.join('.')}=${JSON.stringify(text)}`], variants: [] })
        break
      }
    }
    return { ...encode(g, parts), lenient, variants }
  })
}

/** Ways to write a whole number that `Number()` reads and a decimal-digits rule refuses. */
const LENIENT_FORMS: Array<(n: number) => string> = [(n) => `0x${n.toString(16)}`, (n) => ` ${n}`, (n) => `${n} `, (n) => `${n}.0`, (n) => `+${n}`, (n) => `${n}e0`, (n) => `\t${n}`]

/** Text that is not plain decimal digits yet reads as a number. */
export const isLenientNumber = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '' && !/^-?\d+$/.test(v) && Number.isFinite(Number(v))

const valueAt = (root: unknown, at: PathKey[]) => at.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PathKey, unknown>)[k] : undefined), root)
