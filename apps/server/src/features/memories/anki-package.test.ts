import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
print(json.dumps(dict(names=names, media=media, crt_day=crt_day, notes=notes, cards=cards, revlog=revlog,
                      integrity=db.execute('pragma integrity_check').fetchone()[0])))
`

interface Read {
  names: string[]
  media: unknown
  crt_day: number
  integrity: string
  notes: Array<{ id: number; guid: string; fields: string[]; sfld: string | number; sfld_type: string; csum: number; anki_sfld: string; anki_csum: number }>
  cards: Array<{ id: number; nid: number; type: number; queue: number; due: number; ivl: number; factor: number; reps: number; lapses: number; left: number }>
  revlog: Array<{ id: number; cid: number; usn: number; ease: number; ivl: number; lastIvl: number; factor: number; time: number; type: number }>
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

const post = async (url: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: alice.auth, payload })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const createCard = async (deck_id: number, front: string, back: string) => (await post('/english_vocab/memories/flashcard', { deck_id, front, back })).flashcard as { id: number; next_review: string }
const review = async (flashcard_id: number, rating: string, time_ms?: number) =>
  (await post('/english_vocab/memories/review', { flashcard_id, rating, ...(time_ms === undefined ? {} : { time_ms }) })).updated_flashcard as { next_review: string }
/** A card in a step of minutes is in Anki's learning queue (1), due at its second. */
const dueSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000)

async function exportAndRead(deckId: number): Promise<Read> {
  const res = await t.app.inject({ method: 'GET', url: `/english_vocab/memories/deck/${deckId}/export.apkg`, headers: alice.auth })
  expect(res.statusCode).toBe(200)
  const file = join(dir, `${deckId}.apkg`)
  writeFileSync(file, res.rawPayload)
  return JSON.parse(execFileSync('python3', ['-c', READER, file], { encoding: 'utf8' })) as Read
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
