import { createServer, type IncomingMessage } from 'node:http'

/**
 * AnkiConnect (the Anki add-on 2055492159) as its version 6 documents and
 * its plugin/web.py behaves, on loopback, for the console's Send to Anki:
 * - POST `{action, version, params}` -> 200 `{result, error}`; an empty body
 *   answers the add-on's name;
 * - CORS as the add-on sends it: an origin in `webCorsOriginList` is echoed
 *   in Access-Control-Allow-Origin; any other gets 403 with the header set to
 *   "http://localhost", which the browser treats as a refusal. (The real
 *   add-on also lets http://127.0.0.1:* in when "http://localhost" is listed:
 *   the tests list neither, so that the origin decides.)
 * - `requestPermission` answers every origin (its CORS header is the
 *   origin's): granted when listed, else the learner's answer to Anki's
 *   prompt (`prompt`), which lists the origin when granted. An add-on from
 *   before the prompt existed (`prompt: 'absent'`) treats it as any action.
 * - decks, the "Basic" note type, notes with their fields and tags, media:
 *   `audio: [{data, filename, fields}]` is decoded into the media folder and
 *   `[sound:filename]` appended to each named field; a note whose first
 *   field already exists in the deck (duplicateScope "deck") or the
 *   collection is refused with the add-on's words.
 */

export interface AnkiNoteStored {
  id: number
  deckName: string
  modelName: string
  fields: Record<string, string>
  tags: string[]
}

export interface AnkiConnectOptions {
  port?: number
  webCorsOriginList?: string[]
  /** What the learner answers to Anki's permission prompt; 'absent': an add-on without requestPermission. */
  prompt?: 'yes' | 'no' | 'absent'
  /** Note types and their fields; a collection starts with Basic. */
  models?: Record<string, string[]>
  /** How long each addNote takes, so that a test can watch a send's progress. */
  addNoteDelayMs?: number
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })

export async function startAnkiConnect(options: AnkiConnectOptions = {}) {
  const corsList = [...(options.webCorsOriginList ?? [])]
  const models = options.models ?? { Basic: ['Front', 'Back'] }
  const decks = new Set(['Default'])
  const notes: AnkiNoteStored[] = []
  const media = new Map<string, Buffer>()
  /** Every action asked, allowed or not, in order. */
  const actions: string[] = []
  let nextId = 1_700_000_000_000

  const actionsByName: Record<string, (params: Record<string, unknown>, origin: string, allowed: boolean) => unknown> = {
    version: () => 6,
    requestPermission: (_p, origin, allowed) => {
      if (!allowed && options.prompt === 'yes') corsList.push(origin)
      return allowed || options.prompt === 'yes' ? { permission: 'granted', requireApikey: false, version: 6 } : { permission: 'denied' }
    },
    deckNames: () => [...decks],
    createDeck: (p) => {
      decks.add(String(p.deck))
      return nextId++
    },
    modelNames: () => Object.keys(models),
    modelFieldNames: (p) => {
      const fields = models[String(p.modelName)]
      if (!fields) throw new Error(`model was not found: ${String(p.modelName)}`)
      return fields
    },
    addNote: (p) => {
      const note = p.note as { deckName: string; modelName: string; fields: Record<string, string>; tags?: string[]; options?: { allowDuplicate?: boolean; duplicateScope?: string }; audio?: Array<{ data?: string; filename: string; fields?: string[] }> }
      const modelFields = models[note.modelName]
      if (!modelFields) throw new Error(`model was not found: ${note.modelName}`)
      if (!decks.has(note.deckName)) throw new Error(`deck was not found: ${note.deckName}`)
      const fields = Object.fromEntries(modelFields.map((name) => [name, Object.entries(note.fields).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? '']))
      for (const clip of note.audio ?? []) {
        if (clip.data === undefined) throw new Error('You must provide a "data", "path", or "url" field.')
        media.set(clip.filename, Buffer.from(clip.data, 'base64'))
        for (const field of clip.fields ?? []) if (field in fields) fields[field] += `[sound:${clip.filename}]`
      }
      const first = fields[modelFields[0]!]!
      if (!first.trim()) throw new Error('cannot create note because it is empty')
      const inScope = (n: AnkiNoteStored) => n.modelName === note.modelName && (note.options?.duplicateScope !== 'deck' || n.deckName === note.deckName)
      if (!note.options?.allowDuplicate && notes.some((n) => inScope(n) && n.fields[modelFields[0]!] === first)) throw new Error('cannot create note because it is a duplicate')
      const stored = { id: nextId++, deckName: note.deckName, modelName: note.modelName, fields, tags: note.tags ?? [] }
      notes.push(stored)
      return stored.id
    },
  }

  const server = createServer(async (req, res) => {
    const origin = req.headers.origin
    const allowed = origin === undefined || corsList.includes(origin)
    const corsOrigin = allowed && origin ? origin : 'http://localhost'
    const send = (status: number, body: string, allowOrigin = corsOrigin) => {
      res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': allowOrigin, 'access-control-allow-headers': '*', 'content-length': Buffer.byteLength(body) })
      res.end(body)
    }
    if (req.method === 'OPTIONS') return send(200, '')
    const raw = await readBody(req)
    let request: { action?: string; version?: number; params?: Record<string, unknown> }
    try {
      request = JSON.parse(raw.toString('utf8')) as typeof request
    } catch {
      return allowed ? send(200, raw.length === 0 ? JSON.stringify({ apiVersion: 'AnkiConnect v.6' }) : JSON.stringify({ result: null, error: 'Expecting value' })) : send(403, '')
    }
    const action = request.action ?? ''
    actions.push(action)
    const permissionAsked = action === 'requestPermission' && options.prompt !== 'absent'
    if (!allowed && !permissionAsked) return send(403, '')
    try {
      const handler = actionsByName[action]
      if (!handler || (action === 'requestPermission' && !permissionAsked)) throw new Error('unsupported action')
      if (action === 'addNote' && options.addNoteDelayMs) await new Promise((resolve) => setTimeout(resolve, options.addNoteDelayMs))
      const result = handler(request.params ?? {}, origin ?? '', allowed)
      send(200, JSON.stringify({ result, error: null }), permissionAsked && origin ? origin : corsOrigin)
    } catch (error) {
      send(200, JSON.stringify({ result: null, error: (error as Error).message }))
    }
  })
  const port = options.port ?? 8765
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${port}`,
    decks,
    notes,
    media,
    actions,
    webCorsOriginList: corsList,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type AnkiConnectServer = Awaited<ReturnType<typeof startAnkiConnect>>
