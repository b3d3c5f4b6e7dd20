import { createHash, randomBytes } from 'node:crypto'
import { parseCardBack } from '@lingocast/contract'
import { strToU8, zipSync } from 'fflate'
import type { FlashcardRow } from './memories.repo'

/**
 * A deck as an Anki package (.apkg): a zip holding `collection.anki2`, the
 * SQLite collection in Anki's legacy schema 11 (which every Anki since 2.1
 * imports), and an empty `media` map. One note type, "Lingocast", with the
 * front, the cue, and the source sentence and title the card was made from.
 * Reviewed cards keep their schedule (interval, ease, due day); new ones stay new.
 * sql.js (SQLite in WebAssembly) is loaded on the first export only.
 */

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`

const FIELDS = ['Front', 'Back', 'Sentence', 'Source'] as const
const DAY_MS = 86_400_000
/** Stable ids, so importing the same deck twice updates it instead of duplicating the note type. */
const MODEL_ID = 1_700_000_000_001

const CSS = `.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }
.sentence { font-style: italic; color: #475569; margin-top: 1em; }
.source { font-size: 14px; color: #94a3b8; }`

const QFMT = '<div class="front">{{Front}}</div>{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}'
const AFMT = '{{FrontSide}}<hr id=answer>{{Back}}{{#Source}}<div class="source">From: {{Source}}</div>{{/Source}}'

function model(deckId: number, now: number) {
  return {
    id: MODEL_ID,
    name: 'Lingocast',
    type: 0,
    mod: Math.floor(now / 1000),
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: 'Card 1', ord: 0, qfmt: QFMT, afmt: AFMT, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
    flds: FIELDS.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })),
    css: CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  }
}

function deckJson(id: number, name: string, now: number) {
  return { id, name, desc: '', mod: Math.floor(now / 1000), usn: -1, collapsed: false, dyn: 0, conf: 1, extendNew: 10, extendRev: 50, newToday: [0, 0], revToday: [0, 0], lrnToday: [0, 0], timeToday: [0, 0] }
}

const DCONF = {
  1: {
    id: 1,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    new: { bury: true, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
    lapse: { delays: [10], leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
  },
}

/** Anki fields are HTML: escape the text, keep line breaks. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>')
}

/** Anki's duplicate check: the first 8 hex digits of the SHA-1 of the sort field, as a number. */
function checksum(field: string): number {
  return parseInt(createHash('sha1').update(field.replace(/<[^>]*>/g, '')).digest('hex').slice(0, 8), 16)
}

export async function deckToApkg(deck: { id: number; name: string }, cards: readonly FlashcardRow[], now = Date.now()): Promise<Uint8Array> {
  const { default: initSqlJs } = await import('sql.js')
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  try {
    db.run(SCHEMA)
    // Anki ids are millisecond timestamps; ours count up from now so they never collide within the file.
    const deckId = now
    const created = new Date(now)
    const crt = Math.floor(new Date(created.getFullYear(), created.getMonth(), created.getDate()).getTime() / 1000)
    const conf = { activeDecks: [deckId], curDeck: deckId, newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true, curModel: String(MODEL_ID), nextPos: cards.length + 1, sortType: 'noteFld', sortBackwards: false, addToCur: true }
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt,
      now,
      now,
      JSON.stringify(conf),
      JSON.stringify({ [MODEL_ID]: model(deckId, now) }),
      JSON.stringify({ 1: deckJson(1, 'Default', now), [deckId]: deckJson(deckId, deck.name, now) }),
      JSON.stringify(DCONF),
      '{}',
    ])
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)')
    const card = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)')
    cards.forEach((c, i) => {
      const { context, cue } = parseCardBack(c.back)
      const fields = [html(c.front), html(cue), html(context?.Sentence ?? ''), html(context?.Title ?? '')]
      const noteId = now + i + 1
      const mod = Math.floor(now / 1000)
      note.run([noteId, randomBytes(8).toString('base64url'), MODEL_ID, mod, 'lingocast', fields.join('\x1f'), fields[0]!, checksum(fields[0]!), ''])
      const reviewed = c.lastReviewed !== null && c.nextReview !== null
      // Review cards: due is a day number counted from the collection's creation day; new cards: their position.
      const due = reviewed ? Math.round((c.nextReview!.getTime() - crt * 1000) / DAY_MS) : i + 1
      card.run([noteId, noteId, deckId, mod, reviewed ? 2 : 0, reviewed ? 2 : 0, due, reviewed ? Math.max(1, c.scheduledDays) : 0, reviewed ? Math.round(c.ef * 1000) : 0, c.reps, c.lapses, ''])
    })
    note.free()
    card.free()
    return zipSync({ 'collection.anki2': db.export(), media: strToU8('{}') })
  } finally {
    db.close()
  }
}
