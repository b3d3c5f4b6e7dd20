import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../../test/app'
import { createTestUser, type TestUser } from '../../../../../test/users'
import { htmlToText, markdownToHtml, stripHtmlPreservingMediaFilenames } from './anki-fields'

/*
 * The package is read back by Python's standard library (zipfile + sqlite3),
 * not by the code that wrote it, and the sort field and checksum are checked
 * against Anki's rules written again here in Python (anki/utils.py before the
 * Rust port: strip comments, <style>, <script>, tags; keep media file names;
 * decode entities; no-break space to space; csum = first 8 hex digits of the
 * SHA-1 of the UTF-8 text).
 */
const READER = String.raw`
import sys, json, zipfile, sqlite3, tempfile, os, re, html, hashlib, datetime
z = zipfile.ZipFile(sys.argv[1])
names = sorted(z.namelist())
media = json.loads(z.read('media').decode('utf-8'))
path = os.path.join(tempfile.mkdtemp(), 'collection.anki2')
with open(path, 'wb') as f: f.write(z.read('collection.anki2'))
db = sqlite3.connect(path)
def anki_strip(s):
    s = re.sub(r'(?i)<(?:img|audio|video|object)\b[^>]*?\b(?:src|data)=["\']?([^"\'> ]+)["\']?[^>]*>', lambda m: ' ' + m.group(1) + ' ', s)
    for pattern in (r'(?s)<!--.*?-->', r'(?si)<style.*?>.*?</style>', r'(?si)<script.*?>.*?</script>', r'(?s)<.*?>'):
        s = re.sub(pattern, '', s)
    return html.unescape(s).replace('\u00a0', ' ')
def anki_csum(s):
    return int(hashlib.sha1(anki_strip(s).encode('utf-8')).hexdigest()[:8], 16)
crt = db.execute('select crt from col').fetchone()[0]
notes = []
for nid, guid, flds, sfld, sfld_type, csum in db.execute('select id, guid, flds, sfld, typeof(sfld), csum from notes order by id'):
    fields = flds.split('\x1f')
    notes.append(dict(id=nid, guid=guid, fields=fields, sfld=sfld, sfld_type=sfld_type, csum=csum,
                      anki_sfld=anki_strip(fields[0]), anki_csum=anki_csum(fields[0])))
cards = [dict(zip(('id', 'nid', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left'), row))
         for row in db.execute('select id, nid, type, queue, due, ivl, factor, reps, lapses, left from cards order by id')]
revlog = [dict(zip(('id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'), row))
          for row in db.execute('select id, cid, usn, ease, ivl, lastIvl, factor, time, type from revlog order by id')]
crt_day = datetime.date.fromtimestamp(crt).toordinal()
# Anki's statistics put a review on a day counted from the next day's start (the 4 a.m. rollover after
# the moment given, else now): (seconds of the id - that start) / 86400, truncated as Rust's i64 division.
at = datetime.datetime.fromtimestamp(int(sys.argv[2]) / 1000) if len(sys.argv) > 2 else datetime.datetime.now()
rollover = at.replace(hour=4, minute=0, second=0, microsecond=0)
if rollover <= at: rollover += datetime.timedelta(days=1)
next_day_start = int(rollover.timestamp())
for r in revlog: r['anki_day'] = int((r['id'] // 1000 - next_day_start) / 86400)
tables = {t: [[name, type.lower(), notnull, pk] for _, name, type, notnull, _, pk in db.execute('pragma table_info(%s)' % t)]
          for (t,) in db.execute("select name from sqlite_master where type = 'table' order by name")}
indexes = sorted(db.execute("select name, tbl_name from sqlite_master where type = 'index'").fetchall())
print(json.dumps(dict(names=names, media=media, crt_day=crt_day, notes=notes, cards=cards, revlog=revlog, tables=tables, indexes=indexes,
                      integrity=db.execute('pragma integrity_check').fetchone()[0])))
`

interface Read {
  names: string[]
  media: unknown
  crt_day: number
  integrity: string
  notes: Array<{ id: number; guid: string; fields: string[]; sfld: string | number; sfld_type: string; csum: number; anki_sfld: string; anki_csum: number }>
  cards: Array<{ id: number; nid: number; type: number; queue: number; due: number; ivl: number; factor: number; reps: number; lapses: number; left: number }>
  revlog: Array<{ id: number; cid: number; usn: number; ease: number; ivl: number; lastIvl: number; factor: number; time: number; type: number; anki_day: number }>
  /** Each table's columns as SQLite reports them: name, type, not null, primary key. */
  tables: Record<string, Array<[string, string, number, number]>>
  indexes: Array<[string, string]>
}

let t: TestApp
let alice: TestUser
let dir: string

beforeAll(async () => {
  t = await buildTestApp()
  alice = await createTestUser(t.db.database, 'anki-export@example.com')
  dir = mkdtempSync(join(tmpdir(), 'apkg-'))
})
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const post = async (url: string, payload: object, user = alice) => {
  const res = await t.app.inject({ method: 'POST', url, headers: user.auth, payload })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const createCard = async (deck_id: number, front: string, back: string) => (await post('/english_vocab/memories/flashcard', { deck_id, front, back })).flashcard as { id: number; next_review: string }
const review = async (flashcard_id: number, rating: string, time_ms?: number) =>
  (await post('/english_vocab/memories/review', { flashcard_id, rating, ...(time_ms === undefined ? {} : { time_ms }) })).updated_flashcard as { next_review: string }
/** A card in a step of minutes is in Anki's learning queue (1), due at its second. */
const dueSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000)

/** The package as Python reads it; `at` (ms) is the moment Anki's days are counted from (now when absent). */
async function exportAndRead(deckId: number, at?: number, user = alice): Promise<Read> {
  const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/deck/${deckId}/export.apkg`, headers: user.auth })
  expect(res.statusCode).toBe(200)
  const file = join(dir, `${deckId}.apkg`)
  writeFileSync(file, res.rawPayload)
  return JSON.parse(execFileSync('python3', ['-c', READER, file, ...(at === undefined ? [] : [String(at)])], { encoding: 'utf8' })) as Read
}

/** A local date's day number, as Python's date.toordinal() counts (1 = 0001-01-01). */
const ordinal = (iso: string) => {
  const d = new Date(iso)
  return Math.round((Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - Date.UTC(1970, 0, 1)) / 86_400_000) + 719_163
}

describe('Anki package as Anki writes it', () => {
  it('has the sort field and checksum Anki computes, for fields with &, <, accents, CJK and numbers', async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'Fields' })).deck
    const fronts = ['Tom & Jerry', 'a < b > c', 'café naïve', '日本語の勉強', '&nbsp; typed', '42']
    for (const front of fronts) await createCard(deck.id, front, 'a cue')
    const read = await exportAndRead(deck.id)
    expect(read.integrity).toBe('ok')
    expect(read.notes).toHaveLength(fronts.length)
    for (const [i, note] of read.notes.entries()) {
      // What Anki's browser shows and sorts by is the text the learner typed.
      expect(String(note.sfld)).toBe(fronts[i])
      expect(note.sfld).toEqual(note.sfld_type === 'integer' ? Number(note.anki_sfld) : note.anki_sfld)
      expect(note.csum).toBe(note.anki_csum)
    }
    // The field itself stays HTML: the & and < are escaped, so Anki shows them and runs nothing.
    expect(read.notes[0]!.fields[0]).toBe('Tom &amp; Jerry')
    expect(read.notes[1]!.fields[0]).toBe('a &lt; b &gt; c')
    expect(read.notes[4]!.fields[0]).toBe('&amp;nbsp; typed')
    // A numeric sort field is stored as a number, as Anki's integer-affine column does, so 9 sorts before 10.
    expect(read.notes[5]!.sfld_type).toBe('integer')
    // Notes keep their identity between exports, so a second import updates instead of duplicating.
    const again = await exportAndRead(deck.id)
    expect(again.notes.map((n) => n.guid)).toEqual(read.notes.map((n) => n.guid))
    expect(new Set(read.notes.map((n) => n.guid)).size).toBe(fronts.length)
    expect(read.names).toEqual(['collection.anki2', 'media'])
    expect(read.media).toEqual({})
  })

  it('renders the cue markdown to HTML and shows raw HTML as text', async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'Markdown' })).deck
    const back = '```context\nTitle: Tom & Jerry <live>\nSentence: He said "go" & left.\n```\n**Cue** means _hint_ <script>alert(1)</script>\n\n- one\n- [two](javascript:alert(2)) [docs](https://example.com/a?b=1&c=2)'
    await createCard(deck.id, 'cue', back)
    const [note] = (await exportAndRead(deck.id)).notes
    const [, cue, sentence, source] = note!.fields
    expect(cue).toContain('<strong>Cue</strong> means <em>hint</em>')
    expect(cue).not.toContain('**')
    expect(cue).not.toMatch(/<script/i)
    expect(cue).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    // A javascript: link keeps its text and loses its address; a web link stays a link.
    expect(cue).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two <a href="https:\/\/example\.com\/a\?b=1&amp;c=2">docs<\/a><\/li>\s*<\/ul>$/)
    expect(cue).not.toContain('javascript:')
    expect(sentence).toBe('He said &quot;go&quot; &amp; left.')
    expect(source).toBe('Tom &amp; Jerry &lt;live&gt;')
  })

  it('carries every review in revlog, and a card last answered Again as (re)learning', async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'History' })).deck
    const lapsed = await createCard(deck.id, 'lapsed', 'known, then forgotten')
    const failed = await createCard(deck.id, 'failed', 'never known')
    const known = await createCard(deck.id, 'known', 'answered Good twice')
    await createCard(deck.id, 'fresh', 'never reviewed')
    await review(lapsed.id, 'Good', 3_250)
    const afterLapse = await review(lapsed.id, 'Again', 90_000)
    const afterFail = await review(failed.id, 'Again')
    await review(known.id, 'Good')
    const knownNow = await review(known.id, 'Easy')

    const read = await exportAndRead(deck.id)
    const cardOf = (front: string) => read.cards.find((c) => c.nid === read.notes.find((n) => n.fields[0] === front)!.id)!
    const logOf = (front: string) => read.revlog.filter((r) => r.cid === cardOf(front).id)

    // One row per review made, in order, with Anki's buttons (Again 1, Good 3, Easy 4).
    expect(read.revlog).toHaveLength(5)
    expect(logOf('lapsed').map((r) => [r.ease, r.type])).toEqual([[3, 0], [1, 1]])
    expect(logOf('failed').map((r) => [r.ease, r.type])).toEqual([[1, 0]])
    expect(logOf('known').map((r) => [r.ease, r.type])).toEqual([[3, 0], [4, 1]])
    expect(logOf('fresh')).toEqual([])
    expect(new Set(read.revlog.map((r) => r.id)).size).toBe(5)
    // Answer times as recorded, capped at Anki's 60 s; 0 (unknown) where the client sent none.
    expect(logOf('lapsed').map((r) => r.time)).toEqual([3_250, 60_000])
    expect(logOf('failed').map((r) => r.time)).toEqual([0])
    for (const r of read.revlog) {
      expect(Math.abs(r.id - Date.now())).toBeLessThan(60_000)
      expect(r.usn).toBe(-1)
      expect(r.factor).toBeGreaterThanOrEqual(1300)
    }
    // The Easy review started from the interval the Good one gave.
    const [good, easy] = logOf('known')
    expect(easy!.lastIvl).toBe(good!.ivl)
    expect(easy!.ivl).toBeGreaterThan(good!.ivl)

    // Again after a success: relearning (type 3) in its 10-minute step: the learning queue (1), due at its second.
    expect(cardOf('lapsed')).toMatchObject({ type: 3, queue: 1, due: dueSecond(afterLapse.next_review) })
    expect(cardOf('lapsed').left % 1000).toBeGreaterThan(0)
    // Again on a card never answered right: still learning (type 1), in its step too.
    expect(cardOf('failed')).toMatchObject({ type: 1, queue: 1, due: dueSecond(afterFail.next_review) })
    // The step is logged as Anki logs one: minus its seconds.
    expect(logOf('failed')[0]!.ivl).toBe(-600)
    // A review card is due on its day, counted from the collection's first day.
    expect(cardOf('known')).toMatchObject({ type: 2, queue: 2, due: ordinal(knownNow.next_review) - read.crt_day, reps: 2 })
    expect(cardOf('known').ivl).toBe(easy!.ivl)
    expect(cardOf('fresh')).toMatchObject({ type: 0, queue: 0, ivl: 0, reps: 0 })
  })

  it('logs each review with the type of where the card stood: learning 0, review 1, relearning 2', async () => {
    const deck = (await post('/english_vocab/memories/deck', { name: 'Relearning' })).deck
    const relapsed = await createCard(deck.id, 'relapsed', 'Good, then Again twice')
    const late = await createCard(deck.id, 'late', 'Again, Good, Again')
    await review(relapsed.id, 'Good')
    await review(relapsed.id, 'Again')
    const last = await review(relapsed.id, 'Again')
    for (const rating of ['Again', 'Good', 'Again']) await review(late.id, rating)

    const read = await exportAndRead(deck.id)
    const cardOf = (front: string) => read.cards.find((c) => c.nid === read.notes.find((n) => n.fields[0] === front)!.id)!
    const logOf = (front: string) => read.revlog.filter((r) => r.cid === cardOf(front).id)
    // Good on a new card: learning (0). Again on the review card it became: review (1), a lapse.
    // Again on the card already relearning: relearning (2), as Anki logs an answer in relearning;
    // one lapse, as Anki counts them (review card answered Again), not one per Again.
    expect(logOf('relapsed').map((r) => [r.ease, r.type])).toEqual([
      [3, 0],
      [1, 1],
      [1, 2],
    ])
    expect(cardOf('relapsed')).toMatchObject({ type: 3, queue: 1, due: dueSecond(last.next_review), reps: 3, lapses: 1 })
    expect(cardOf('relapsed').ivl).toBeGreaterThanOrEqual(1)
    expect(cardOf('relapsed').left % 1000).toBeGreaterThan(0)
    // Again and Good while still learning are learning (0); the Again after it graduated is a review (1).
    expect(logOf('late').map((r) => [r.ease, r.type])).toEqual([
      [1, 0],
      [3, 0],
      [1, 1],
    ])
    expect(cardOf('late')).toMatchObject({ type: 3, queue: 1, reps: 3, lapses: 1 })
  })
})

/** Anki's schema 11 (rslib/src/storage/schema11.sql): each table's columns in order, and its indexes. */
const ANKI_SCHEMA_11: Record<string, string> = {
  col: 'id crt mod scm ver dty usn ls conf:text models:text decks:text dconf:text tags:text',
  notes: 'id guid:text mid mod usn tags:text flds:text sfld csum flags data:text',
  cards: 'id nid did ord mod usn type queue due ivl factor reps lapses left odue odid flags data:text',
  revlog: 'id cid usn ease ivl lastIvl factor time type',
  graves: 'usn oid type',
}
const ANKI_INDEXES_11 = [
  ['ix_cards_nid', 'cards'],
  ['ix_cards_sched', 'cards'],
  ['ix_cards_usn', 'cards'],
  ['ix_notes_csum', 'notes'],
  ['ix_notes_usn', 'notes'],
  ['ix_revlog_cid', 'revlog'],
  ['ix_revlog_usn', 'revlog'],
]
/** A column as SQLite reports it: integer unless named otherwise, every one not null, `id` the key. */
const columnsOf = (spec: string) =>
  spec.split(' ').map((c) => {
    const [name, type = 'integer'] = c.split(':')
    return [name, type, name === 'id' ? 0 : 1, name === 'id' ? 1 : 0]
  })

describe('review history as it happened', () => {
  it('gives each revlog row the time its review was made, on its own day, whatever the card order', async () => {
    // A learner of their own, so the statistics hold only these reviews.
    const bob = await createTestUser(t.db.database, 'anki-days@example.com')
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bob.auth })
    const now = Date.now()
    const DAY = 86_400_000
    const deck = (await post('/english_vocab/memories/deck', { name: 'Days' }, bob)).deck
    const card = async (front: string) => (await post('/english_vocab/memories/flashcard', { deck_id: deck.id, front, back: 'a cue' }, bob)).flashcard as { id: number }
    const yesterday = await card('yesterday')
    const older = await card('older')
    const first = await card('first')
    const second = await card('second')
    // Sent as an offline review sends them: with the moment the learner answered.
    const answered: Record<string, number[]> = { yesterday: [], older: [], first: [], second: [] }
    const reviewAt = async (card: { id: number }, front: string, at: number) => {
      await post('/english_vocab/memories/review', { flashcard_id: card.id, rating: 'Good', answered_at: new Date(at).toISOString() }, bob)
      answered[front]!.push(at)
    }
    await reviewAt(yesterday, 'yesterday', now - DAY)
    await reviewAt(older, 'older', now - 5 * DAY)
    await reviewAt(older, 'older', now - 4 * DAY)
    await reviewAt(first, 'first', now - 2 * DAY)
    await reviewAt(second, 'second', now - 2 * DAY)
    await reviewAt(yesterday, 'yesterday', now)

    const read = await exportAndRead(deck.id, now, bob)
    // The package is in Anki's schema 11, table by table and index by index.
    expect(read.integrity).toBe('ok')
    expect(read.tables).toEqual(Object.fromEntries(Object.entries(ANKI_SCHEMA_11).map(([table, spec]) => [table, columnsOf(spec)])))
    expect(read.indexes).toEqual(ANKI_INDEXES_11)

    const logOf = (front: string) => {
      const card = read.cards.find((c) => c.nid === read.notes.find((n) => n.fields[0] === front)!.id)!
      return read.revlog.filter((r) => r.cid === card.id)
    }
    expect(read.revlog).toHaveLength(6)
    expect(new Set(read.revlog.map((r) => r.id)).size).toBe(6)
    for (const [front, times] of Object.entries(answered)) {
      const ids = logOf(front).map((r) => r.id)
      expect(ids).toHaveLength(times.length)
      // Each id is the review's time; two reviews of one millisecond (on two cards) take it and the next.
      ids.forEach((id, k) => expect(id - times[k]!).toBeGreaterThanOrEqual(0))
      ids.forEach((id, k) => expect(id - times[k]!).toBeLessThanOrEqual(1))
    }
    expect([...logOf('first'), ...logOf('second')].map((r) => r.id).sort((a, b) => a - b)).toEqual([now - 2 * DAY, now - 2 * DAY + 1])
    // Anki's statistics count each review on the day it was made: days before today are negative.
    expect(logOf('older').map((r) => r.anki_day)).toEqual([-5, -4])
    expect(logOf('yesterday').map((r) => r.anki_day)).toEqual([-1, 0])
    expect([...logOf('first'), ...logOf('second')].map((r) => r.anki_day)).toEqual([-2, -2])

    // The CSV and the deck's own list keep the same moments: each card's last review as it was made.
    const lastOf = (front: string) => new Date(answered[front]!.at(-1)!).toISOString()
    const csvRes = await get(`/english_vocab/memories/deck/${deck.id}/export.csv`)
    expect(csvRes.statusCode).toBe(200)
    const rows = parse(csvRes.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>
    const listed = (await get(`/english_vocab/memories/flashcards?deck_id=${deck.id}`)).json().flashcards as Array<{ front: string; last_reviewed: string }>
    for (const front of Object.keys(answered)) {
      expect(rows.find((r) => r.front === front)!.last_reviewed).toBe(lastOf(front))
      expect(listed.find((c) => c.front === front)!.last_reviewed).toBe(lastOf(front))
    }
    // And the statistics count each review on its own day.
    const ymd = (at: number) => new Date(at).toISOString().slice(0, 10)
    const stats = (await get(`/english_vocab/memories/stats?start_date=${ymd(now - 6 * DAY)}&end_date=${ymd(now)}&tz=UTC`)).json()
    const perDay = new Map<string, number>()
    for (const at of Object.values(answered).flat()) perDay.set(ymd(at), (perDay.get(ymd(at)) ?? 0) + 1)
    expect(Object.fromEntries((stats.stats as Array<{ date: string; cards_reviewed: number }>).filter((d) => d.cards_reviewed > 0).map((d) => [d.date, d.cards_reviewed]))).toEqual(Object.fromEntries(perDay))
  })
})

describe('Anki field helpers', () => {
  it('keeps media file names and drops tags, comments, styles and scripts, as Anki does', () => {
    expect(stripHtmlPreservingMediaFilenames('<img src="cat.jpg">cat<!-- x --><style>b{}</style><script>1</script>')).toBe(' cat.jpg cat')
    expect(stripHtmlPreservingMediaFilenames("[sound:a.mp3]<audio src='b.mp3'></audio>&nbsp;&eacute;")).toBe('[sound:a.mp3] b.mp3  é')
  })

  it('turns an Anki HTML field into text with its line breaks', () => {
    expect(htmlToText('one<div>two</div><div><br></div><div>four &amp; <b>five</b></div>')).toBe('one\ntwo\n\nfour & five')
    expect(htmlToText('a<br/>b&nbsp;c\n d')).toBe('a\nb c d')
  })

  it('leaves a one-paragraph cue unwrapped and keeps paragraphs apart', () => {
    expect(markdownToHtml('**Cue**')).toBe('<strong>Cue</strong>')
    expect(markdownToHtml('one\n\ntwo')).toBe('<p>one</p>\n<p>two</p>')
  })
})
