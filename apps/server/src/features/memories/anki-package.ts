import { createHash } from 'node:crypto'
import { findWholeWord, parseCardBack, type ReviewRating } from '@lingocast/contract'
import { strToU8, zipSync } from 'fflate'
import { fieldChecksum, markdownToHtml, stripHtmlPreservingMediaFilenames, textToHtml } from './anki-fields'
import type { FlashcardRow } from './flashcard-row'
import type { DeckReview, LoggedSchedule } from './reviews.repo'
import { LEARNING_STEPS } from './schedule'

/**
 * A deck as an Anki package (.apkg): a zip holding `collection.anki2`, the
 * SQLite collection in Anki's legacy schema 11 (which every Anki since 2.1
 * imports), the `media` map (zip entry name -> file name) and the media
 * files. Two note types: "Lingocast", with the front, the cue (markdown
 * rendered to HTML), the source sentence and title the card was made from
 * and its sentence audio as `[sound:...]`; and "Lingocast Listening", a cloze
 * note for listening cards (the sentence with the front word as the cloze,
 * its audio on the question side). Cards keep their schedule (interval, ease,
 * due day, learning or relearning after Again) and their review history in
 * `revlog`, so Anki's statistics and next intervals carry on from ours.
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

const FIELDS = ['Front', 'Back', 'Sentence', 'Source', 'Audio'] as const
const CLOZE_FIELDS = ['Text', 'Back Extra', 'Source', 'Audio'] as const
const DAY_MS = 86_400_000
/** Stable ids, so importing the same deck twice updates it instead of duplicating the note type. */
const MODEL_ID = 1_700_000_000_001
const CLOZE_MODEL_ID = 1_700_000_000_002
/** Anki's model types: 0 standard, 1 cloze. */
const MODEL_TYPE = { standard: 0, cloze: 1 } as const

/** The file name a card's clip has in Anki's media folder (and in the CSV export). */
export const clipFileName = (cardId: number) => `lingocast-${cardId}.mp3`

const CSS = `.card { font-family: arial; font-size: 20px; text-align: center; color: black; background-color: white; }
.sentence { font-style: italic; color: #475569; margin-top: 1em; }
.source { font-size: 14px; color: #94a3b8; }`

const QFMT = '<div class="front">{{Front}}</div>{{#Sentence}}<div class="sentence">{{Sentence}}</div>{{/Sentence}}{{Audio}}'
const AFMT = '{{FrontSide}}<hr id=answer>{{Back}}{{#Source}}<div class="source">From: {{Source}}</div>{{/Source}}'
// A listening card asks with its sound and the sentence with the word hidden; the answer shows the word.
const CLOZE_QFMT = '{{Audio}}<div class="sentence">{{cloze:Text}}</div>'
const CLOZE_AFMT = '<div class="sentence">{{cloze:Text}}</div><hr id=answer>{{Back Extra}}{{#Source}}<div class="source">From: {{Source}}</div>{{/Source}}'

function model(deckId: number, now: number, kind: keyof typeof MODEL_TYPE) {
  const cloze = kind === 'cloze'
  return {
    id: cloze ? CLOZE_MODEL_ID : MODEL_ID,
    name: cloze ? 'Lingocast Listening' : 'Lingocast',
    type: MODEL_TYPE[kind],
    mod: Math.floor(now / 1000),
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [{ name: cloze ? 'Cloze' : 'Card 1', ord: 0, qfmt: cloze ? CLOZE_QFMT : QFMT, afmt: cloze ? CLOZE_AFMT : AFMT, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 }],
    flds: (cloze ? CLOZE_FIELDS : FIELDS).map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })),
    css: CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: cloze ? [] : [[0, 'any', [0]]],
    tags: [],
    vers: [],
  }
}

function deckJson(id: number, name: string, now: number) {
  return { id, name, desc: '', mod: Math.floor(now / 1000), usn: -1, collapsed: false, dyn: 0, conf: 1, extendNew: 10, extendRev: 50, newToday: [0, 0], revToday: [0, 0], lrnToday: [0, 0], timeToday: [0, 0] }
}

/** Anki records at most this many seconds per answer (the deck options' "maximum answer seconds"). */
const MAX_TAKEN_S = 60

/** The deck options: its learning steps (minutes) are the deck's own (schedule.ts LEARNING_STEPS). */
function dconf(steps: { learn: number[]; relearn: number[] }) {
  return {
    1: {
      id: 1,
      name: 'Default',
      mod: 0,
      usn: 0,
      maxTaken: MAX_TAKEN_S,
      autoplay: true,
      timer: 0,
      replayq: true,
      new: { bury: true, delays: steps.learn, initialFactor: 2500, ints: [1, 4, 7], order: 1, perDay: 20, separate: true },
      lapse: { delays: steps.relearn, leechAction: 0, leechFails: 8, minInt: 1, mult: 0 },
      rev: { bury: true, ease4: 1.3, fuzz: 0.05, ivlFct: 1, maxIvl: 36500, minSpace: 1, perDay: 100 },
    },
  }
}

/** The steps in minutes, as ts-fsrs writes them ('1m', '10m', '1h', '1d'). */
const minutesOf = (steps: readonly string[]) => steps.map((step) => Number.parseInt(step, 10) * ({ m: 1, h: 60, d: 1440 }[step.slice(-1)] ?? 1))

/** Anki's answer buttons: Again 1, Hard 2, Good 3, Easy 4. The review screen's Unfamiliar sends Again (1); Familiar sends Hard, Good or Easy by the card's ef (2, 3 or 4). */
const EASE: Record<ReviewRating, number> = { Again: 1, Hard: 2, Good: 3, Easy: 4 }
/** cards.type: 0 new, 1 learning, 2 review, 3 relearning. */
const CARD_TYPE = { new: 0, learn: 1, review: 2, relearn: 3 } as const
/** cards.queue: 0 new, 1 learning due today (due in epoch seconds), 2 review, 3 learning due on a later day (due in days). */
const QUEUE = { new: 0, learn: 1, review: 2, dayLearn: 3 } as const
/** revlog.type: 0 learning, 1 review, 2 relearning. */
const REVLOG_TYPE = { learn: 0, review: 1, relearn: 2 } as const

/** A card waiting in a step of minutes (not a whole-day interval). */
function inStep(c: { scheduledDays: number; nextReview: Date | null; lastReviewed: Date | null }): boolean {
  return c.scheduledDays === 0 && c.nextReview !== null && c.lastReviewed !== null && c.nextReview.getTime() - c.lastReviewed.getTime() < DAY_MS
}

/**
 * revlog's ivl and lastIvl: days when positive, and as Anki writes a
 * learning step, minus its seconds (a 10-minute step is -600). A new card's
 * previous interval is 0.
 */
function revlogInterval(s: LoggedSchedule): number {
  if (s.scheduledDays > 0) return s.scheduledDays
  if (!s.nextReview || !s.lastReviewed) return 0
  const seconds = Math.round((Date.parse(s.nextReview) - Date.parse(s.lastReviewed)) / 1000)
  return seconds > 0 && seconds < DAY_MS / 1000 ? -seconds : 0
}

/** The local midnight of an instant's day. */
const midnight = (t: number) => {
  const d = new Date(t)
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
}

/** Anki's stable note id for a card, so that importing a newer export updates the notes it already has. */
const guidOf = (cardId: number) => createHash('sha1').update(`lingocast-card:${cardId}`).digest('base64url').slice(0, 10)

/** FSRS's short-term states (learning steps): ts-fsrs State.Learning and State.Relearning. */
const FSRS_LEARNING = 1
const FSRS_RELEARNING = 3

/**
 * Where a card stands in Anki's terms: FSRS's own state while it is in a
 * learning step (a four-button Good can leave it there too); otherwise from
 * its reviews: never reviewed is new; last answered Again is relearning if it
 * had been answered correctly before (a lapse), else still learning
 * (SM-2 cards, and cards failed before there were steps); anything else is a
 * review card.
 */
function phaseOf(card: FlashcardRow, reviews: readonly DeckReview[]): 'new' | 'learn' | 'relearn' | 'review' {
  if (card.fsrsState === FSRS_LEARNING) return 'learn'
  if (card.fsrsState === FSRS_RELEARNING) return 'relearn'
  const last = reviews.at(-1)
  if (!last) return card.lastReviewed ? 'review' : 'new'
  if (last.rating !== 'Again') return 'review'
  return reviews.slice(0, -1).some((r) => r.rating !== 'Again') ? 'relearn' : 'learn'
}

/**
 * A listening card's cloze text: the sentence with the front word (its first
 * whole-word occurrence, any case) as cloze 1; with the whole sentence as the
 * cloze for a card whose text is hidden, or when the word is not in it.
 * Each piece is escaped on its own so the markers stay markers.
 */
export function clozeText(sentence: string, word: string, hideAll: boolean): string {
  // A '}}' or '::' inside the text would end the cloze early: a space keeps it plain text.
  const plain = (text: string) => textToHtml(text).replace(/\}\}/g, '} }').replace(/::/g, ': :')
  const at = hideAll ? undefined : findWholeWord(sentence, word)
  if (!at) return `{{c1::${plain(sentence || word)}}}`
  return `${plain(sentence.slice(0, at.index))}{{c1::${plain(at.match)}}}${plain(sentence.slice(at.index + at.match.length))}`
}

/**
 * Each review's revlog id: its own time in ms, which is all Anki has of when
 * a review was made (its history, its statistics by day and FSRS's optimiser
 * read the time from the id). The ids are the table's key, so reviews made in
 * the same millisecond, of any cards of the deck, take the next free ones: in
 * time order, a review moves only by as many ms as reviews share its moment.
 */
function revlogIds(reviews: readonly DeckReview[]): Map<DeckReview, number> {
  // A stable sort: reviews of one moment keep the order they were logged in.
  const inTime = [...reviews].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime())
  const ids = new Map<DeckReview, number>()
  let last = -Infinity
  for (const r of inTime) {
    last = Math.max(r.reviewedAt.getTime(), last + 1)
    ids.set(r, last)
  }
  return ids
}

export async function deckToApkg(
  deck: { id: number; name: string; answerButtons?: number },
  cards: readonly FlashcardRow[],
  reviews: readonly DeckReview[] = [],
  now = Date.now(),
  /** Each card's sentence clip (MP3 bytes) by card id. */
  sounds: ReadonlyMap<number, Uint8Array> = new Map(),
): Promise<Uint8Array> {
  const { default: initSqlJs } = await import('sql.js')
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  try {
    db.run(SCHEMA)
    // Anki ids are millisecond timestamps; ours count up from now so they never collide within the file.
    const deckId = now
    // The collection is as old as its oldest card or review, so every due day counts up from it.
    let oldest = now
    for (const c of cards) oldest = Math.min(oldest, c.createdAt.getTime())
    for (const r of reviews) oldest = Math.min(oldest, r.reviewedAt.getTime())
    const crtMs = midnight(oldest)
    const crt = Math.floor(crtMs / 1000)
    // Calendar days since the collection's day (rounded: a day with a daylight-saving switch is 23 or 25 hours).
    const dayNumber = (at: Date | null) => Math.round((midnight((at ?? new Date(now)).getTime()) - crtMs) / DAY_MS)
    const deckSteps = LEARNING_STEPS[deck.answerButtons === 4 ? 4 : 2]
    const steps = { learn: minutesOf(deckSteps.learning_steps as string[]), relearn: minutesOf(deckSteps.relearning_steps as string[]) }
    const conf = { activeDecks: [deckId], curDeck: deckId, newSpread: 0, collapseTime: 1200, timeLim: 0, estTimes: true, dueCounts: true, curModel: String(MODEL_ID), nextPos: cards.length + 1, sortType: 'noteFld', sortBackwards: false, addToCur: true }
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt,
      now,
      now,
      JSON.stringify(conf),
      JSON.stringify({ [MODEL_ID]: model(deckId, now, 'standard'), [CLOZE_MODEL_ID]: model(deckId, now, 'cloze') }),
      JSON.stringify({ 1: deckJson(1, 'Default', now), [deckId]: deckJson(deckId, deck.name, now) }),
      JSON.stringify(dconf(steps)),
      '{}',
    ])
    const byCard = new Map<number, DeckReview[]>()
    for (const r of reviews) byCard.set(r.flashcardId, [...(byCard.get(r.flashcardId) ?? []), r])
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)')
    const card = db.prepare('INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)')
    const revlog = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)')
    const revlogId = revlogIds(reviews)
    // Zip entries of the media files are numbered from 0, and `media` maps each number to its file name.
    const mediaMap: Record<string, string> = {}
    const files: Record<string, Uint8Array> = {}
    cards.forEach((c, i) => {
      const { context, cue } = parseCardBack(c.back)
      const clip = sounds.get(c.id)
      let audio = ''
      if (clip) {
        const entry = String(Object.keys(mediaMap).length)
        mediaMap[entry] = clipFileName(c.id)
        files[entry] = clip
        audio = `[sound:${clipFileName(c.id)}]`
      }
      const listening = c.kind === 'listening' || c.kind === 'cloze'
      // The front, sentence and title are plain text; the cue is markdown, shown as the console shows it.
      const fields = listening
        ? [clozeText(context?.Sentence ?? '', c.front, c.kind === 'listening'), `<b>${textToHtml(c.front)}</b><br>${markdownToHtml(cue)}`, textToHtml(context?.Title ?? ''), audio]
        : [textToHtml(c.front), markdownToHtml(cue), textToHtml(context?.Sentence ?? ''), textToHtml(context?.Title ?? ''), audio]
      const noteId = now + i + 1
      const mod = Math.floor(now / 1000)
      // sql.js binds sfld as text; the column's integer affinity stores a numeric front as a number, as Anki does.
      note.run([noteId, guidOf(c.id), listening ? CLOZE_MODEL_ID : MODEL_ID, mod, 'lingocast', fields.join('\x1f'), stripHtmlPreservingMediaFilenames(fields[0]!), fieldChecksum(fields[0]!), ''])

      const history = byCard.get(c.id) ?? []
      const phase = phaseOf(c, history)
      const factor = phase === 'new' ? 0 : Math.round(c.ef * 1000)
      // Review and relearning cards keep the interval they return to; due is a day number from the collection's day.
      const ivl = phase === 'review' || phase === 'relearn' ? Math.max(1, c.scheduledDays) : 0
      // A (re)learning card has the steps it has not passed left (Anki: left today * 1000 + left in all).
      const stepsLeft = phase === 'learn' || phase === 'relearn' ? Math.max(1, steps[phase].length - c.learningSteps) : 0
      const [type, queue, due, left] =
        phase === 'new'
          ? [CARD_TYPE.new, QUEUE.new, i + 1, 0]
          : phase === 'review'
            ? [CARD_TYPE.review, QUEUE.review, dayNumber(c.nextReview), 0]
            : inStep(c)
              ? // In a step of minutes: the learning queue, due at its second.
                [CARD_TYPE[phase], QUEUE.learn, Math.floor(c.nextReview!.getTime() / 1000), stepsLeft * 1000 + stepsLeft]
              : // Failed before steps existed (a whole day later): the day-learning queue.
                [CARD_TYPE[phase], QUEUE.dayLearn, dayNumber(c.nextReview), stepsLeft * 1000 + stepsLeft]
      // One revlog row per review; its type is where the card stood before that answer (as phaseOf tells).
      let passed = false
      const revlogTypes = history.map((r, k) => {
        const previous = history[k - 1]
        const before = r.previous.fsrsState
        const revlogType =
          before === FSRS_LEARNING
            ? REVLOG_TYPE.learn
            : before === FSRS_RELEARNING
              ? REVLOG_TYPE.relearn
              : !previous
                ? REVLOG_TYPE.learn
                : previous.rating !== 'Again'
                  ? REVLOG_TYPE.review
                  : passed
                    ? REVLOG_TYPE.relearn
                    : REVLOG_TYPE.learn
        if (r.rating !== 'Again') passed = true
        return revlogType
      })
      // Anki counts a lapse when a review card is answered Again, not each Again while relearning;
      // without the whole history (fewer rows than reps) our own count stands.
      const lapses = history.length >= c.reps ? history.filter((r, k) => r.rating === 'Again' && revlogTypes[k] === REVLOG_TYPE.review).length : c.lapses
      card.run([noteId, noteId, deckId, mod, type, queue, due, ivl, factor, c.reps, lapses, left, ''])

      history.forEach((r, k) => {
        const revlogType = revlogTypes[k]!
        // The answer time as the learner took it, capped as Anki caps it; 0 (unknown) for reviews from before it was recorded.
        const time = r.timeMs === null ? 0 : Math.min(r.timeMs, MAX_TAKEN_S * 1000)
        revlog.run([revlogId.get(r)!, noteId, EASE[r.rating], revlogInterval(r.next), revlogInterval(r.previous), Math.round(r.next.ef * 1000), time, revlogType])
      })
    })
    note.free()
    card.free()
    revlog.free()
    // Sound is already compressed: stored, not deflated again.
    const media = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 0 }] as [Uint8Array, { level: 0 }]]))
    return zipSync({ 'collection.anki2': db.export(), media: strToU8(JSON.stringify(mediaMap)), ...media })
  } finally {
    db.close()
  }
}
