import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { StoredCue, StoredWord } from '../../db/schema'
import { bigramArpa, cuesFromAnchors, findAnchors } from './anchors'
import { slicePcm } from './audio'
import { planRecognitionChunks, type Chunk } from './chunks'
import { ACOUSTIC_FIT_MIN, CHUNK_FIT_MIN_SHARE, RECOGNISE_MIN_MS } from './fit'
import { acousticFit, alignText, dictionaryFor, recogniseWords, type Dictionary } from './sphinx'
import { joinTouching, regluePhrases, timeTokens, type PlacedWord, type Span } from './timing'
import { spokenIn, unitsOf, type Unit } from './units'
import { knownOnly, phraseEnds, tokenize } from './words'

export interface AlignOptions {
  dictionary: Dictionary
  modelDir: string
  /** Where the slices go (a job's temporary folder). */
  workDir: string
  signal?: AbortSignal
}

/** A kept unit is heard again over its own words' span and this much either side. */
const VERIFY_PAD_MS = 150
/** How far outside its cue's times a unit left out is looked for when no aligned word bounds it. */
const HINT_MARGIN_MS = 600
/** Speech heard between units that the text does not have is worth recognising from this length (a sentence; shorter is a breath, a laugh, a filler). */
export const UNTEXTED_MIN_MS = 2_000

/** A stretch of a chunk where the text did not fit, and the text that was to be there ('' for speech the text lacks). */
export interface Unfit extends Span {
  text: string
}

/** What aligning a chunk gave. */
export interface ChunkAlignment {
  /** The words of every unit that fits, timed, in order. */
  words: StoredWord[]
  units: number
  alignedUnits: number
  /** Where the text did not fit, in time order, not overlapping: units the decoder left out, and long speech it heard that the text does not have. */
  unfit: Unfit[]
  /**
   * Only when the chunk as a whole does not hold its text: the parts of its
   * own audio (its core) that its cues do not reach (before, after them).
   * They are recognised if the recogniser confirms the text is not there.
   */
  uncovered?: Span[]
}

/** [start, end) of the PCM file as a file of its own in the work folder, for one recogniser run. */
export async function sliceTo(pcm: string, start: number, end: number, workDir: string, kind: string): Promise<string> {
  const file = path.join(workDir, `${kind}-${start}-${end}.raw`)
  await slicePcm(pcm, start, end, file)
  return file
}

/**
 * Times the units' words inside [start, end) of the PCM file. With
 * `skippable`, units whose words do not fit the sound are left out and
 * speech between units that the text lacks is heard as junk (grammar.ts);
 * without, every word is placed (a text known to be right).
 */
async function alignUnits(pcm: string, units: Unit[], start: number, end: number, skippable: boolean, options: AlignOptions) {
  const slice = await sliceTo(pcm, start, end, options.workDir, 'align')
  const tokens = units.flatMap((u) => u.tokens)
  const unitStarts: number[] = []
  const unitEnds = new Set<number>()
  let count = 0
  for (const unit of units) {
    unitStarts.push(count)
    count += unit.tokens.reduce((n, t) => n + t.spoken.length, 0)
    if (count > 0) unitEnds.add(count - 1)
  }
  const words = tokens.flatMap((t) => t.spoken)
  const ends = new Set([...phraseEnds(tokens), ...unitEnds])
  const decoded = await alignText(slice, { words, phraseEnds: ends, unitStarts, skippable }, end - start, options)
  if (!decoded) return undefined
  const shift = <T extends Span>(s: T): T => ({ ...s, start: s.start + start, end: s.end + start })
  const pauses = decoded.pauses.map(shift)
  // A squeezed first word of a phrase goes back after its pause (timing.ts); phrase ends as positions in the placed list.
  const placedEnds = new Set(decoded.placed.flatMap((p, j) => (ends.has(p.index) || decoded.placed[j + 1]?.index !== p.index + 1 ? [j] : [])))
  const placed = regluePhrases(decoded.placed.map(shift), pauses, placedEnds).map((p, j) => ({ ...p, index: decoded.placed[j]!.index }))
  return { placed, junk: decoded.junk.map(shift), unitStarts, total: words.length }
}

/** Times the words of `text` inside [start, end) of the PCM file, every word placed: a text known to be right. */
export async function alignSpan(pcm: string, text: string, start: number, end: number, options: AlignOptions): Promise<{ words: StoredWord[]; aligned: boolean }> {
  const tokens = knownOnly(tokenize(text), (w) => options.dictionary.has(w))
  const result = await alignUnits(pcm, [{ tokens }], start, end, false, options)
  return timeTokens(tokens, result?.placed, start, end)
}

/**
 * A chunk of known text, decoded in one pass over the chunk's window
 * (its cues' times plus a margin for times that are off by seconds, see
 * chunks.ts). Cue times inside the chunk are not used to place words: the
 * words are where the decoder hears them. A unit whose words the decoder
 * would rather leave out than say (they fit the sound worse than junk does)
 * is unfit; so is long speech between units that the text does not have.
 * Only those stretches are for the recogniser.
 */
export async function alignChunk(pcm: string, chunk: Chunk, options: AlignOptions): Promise<ChunkAlignment> {
  const units = unitsOf(chunk, (w) => options.dictionary.has(w))
  const result = await alignUnits(pcm, units, chunk.start, chunk.end, true, options)
  const placed = result?.placed ?? []
  // Each unit's placed words (all of them, or none: a unit is left out whole) and where it could be.
  const verdicts: Array<{ own: PlacedWord[] }> = []
  let p = 0
  for (const u of units.keys()) {
    const from = result?.unitStarts[u] ?? 0
    const to = result ? (result.unitStarts[u + 1] ?? result.total) : 0
    while (p < placed.length && placed[p]!.index < from) p++
    const own: PlacedWord[] = []
    while (p < placed.length && placed[p]!.index < to) own.push(placed[p++]!)
    verdicts.push({ own: result && own.length === to - from && !squeezed(own, options.dictionary) ? own : [] })
  }
  // Some units left out: the chunk may hold another text, of which the decoder kept what happened to fit.
  // Each unit it kept then has to sound like itself too (the acoustic test), before the chunk is judged.
  if (verdicts.some((v, u) => v.own.length === 0 && spokenIn(units[u]!.tokens) > 0)) {
    for (const [u, v] of verdicts.entries()) {
      if (v.own.length === 0) continue
      const start = Math.max(chunk.start, v.own[0]!.start - VERIFY_PAD_MS)
      const end = Math.min(chunk.end, v.own.at(-1)!.end + VERIFY_PAD_MS)
      if (!(await soundsLikeItself(pcm, units[u]!, start, end, options))) v.own = []
    }
  }
  const fitting = verdicts.filter((v, u) => v.own.length > 0 || spokenIn(units[u]!.tokens) === 0).length
  // Most of the chunk's text left out: the text is not what is said here (another episode's, a summary); what the alignment kept of it is chance.
  if (fitting < CHUNK_FIT_MIN_SHARE * units.length) {
    const hinted = units.filter((u) => u.hint)
    const start = hinted.length ? Math.max(chunk.start, hinted[0]!.hint!.start - HINT_MARGIN_MS) : chunk.start
    const end = hinted.length ? Math.min(chunk.end, hinted.at(-1)!.hint!.end + HINT_MARGIN_MS) : chunk.end
    const unfit = inCore(chunk, [{ start, end, text: units.map((u) => u.tokens.map((t) => t.text).join(' ')).join(' ') }])
    const core = chunk.core ?? chunk
    const covered = unfit[0] ?? { start: core.start, end: core.start }
    const uncovered = [{ start: core.start, end: covered.start }, { start: covered.end, end: core.end }].filter((s) => s.end > s.start)
    return { words: [], units: units.length, alignedUnits: 0, unfit, uncovered }
  }
  const words: StoredWord[] = []
  const unfit: Unfit[] = []
  let alignedUnits = 0
  for (const [u, unit] of units.entries()) {
    const { own } = verdicts[u]!
    const before = verdicts.slice(0, u).findLast((v) => v.own.length)?.own.at(-1)?.end
    const after = verdicts.slice(u + 1).find((v) => v.own.length)?.own[0]?.start
    if (own.length > 0 || spokenIn(unit.tokens) === 0) {
      alignedUnits++
      // Tokens the dictionary lacks (numbers, names) share the gap between their neighbours, inside the unit's reach.
      words.push(...timeTokens(unit.tokens, own, before ?? chunk.start, after ?? chunk.end).words)
      continue
    }
    const start = Math.round(Math.max(chunk.start, before ?? (unit.hint ? unit.hint.start - HINT_MARGIN_MS : chunk.start)))
    const end = Math.round(Math.min(chunk.end, after ?? (unit.hint ? unit.hint.end + HINT_MARGIN_MS : chunk.end)))
    // The text around it fits: a unit left out in a noisy or musical stretch gets a second, acoustic, hearing before it is given up.
    if (end - start >= RECOGNISE_MIN_MS && (await soundsLikeItself(pcm, unit, start, end, options))) {
      const again = await alignUnits(pcm, [unit], start, end, false, options)
      if (again) {
        alignedUnits++
        words.push(...timeTokens(unit.tokens, again.placed, start, end).words)
        continue
      }
    }
    unfit.push({ start, end: Math.max(start, end), text: unit.tokens.map((t) => t.text).join(' ') })
  }
  words.sort((a, b) => a.start - b.start)
  // Long speech the text does not have, between words of the chunk (junk at the window's edges is the neighbours' speech).
  const first = words[0]?.start ?? Infinity
  const last = words.at(-1)?.end ?? -Infinity
  for (const j of result?.junk ?? []) if (j.end - j.start >= UNTEXTED_MIN_MS && j.start >= first && j.end <= last) unfit.push({ start: j.start, end: j.end, text: '' })
  return { words, units: units.length, alignedUnits, unfit: inCore(chunk, mergeUnfit(unfit)) }
}

/**
 * Stretches cut to the chunk's core: the neighbours recognise their own. A
 * stretch with text that the cut leaves empty (its place lies outside the
 * core, or has no length) keeps a point at its nearest place in the core:
 * its words are this chunk's, and nobody else would keep them.
 */
function inCore(chunk: Chunk, stretches: Unfit[]): Unfit[] {
  const core = chunk.core ?? chunk
  const clamp = (ms: number) => Math.max(core.start, Math.min(core.end, ms))
  return stretches.flatMap((s) => {
    const start = Math.max(s.start, core.start)
    const end = Math.min(s.end, core.end)
    if (end > start) return [{ ...s, start, end }]
    return s.text ? [{ ...s, start: clamp(s.start), end: clamp(s.start) }] : []
  })
}

/** The acoustic model's shortest phone: three states of one 10 ms frame each. */
const MIN_PHONE_MS = 30
/** A unit with this share of its words at their shortest possible length was squeezed in. */
const SQUEEZED_SHARE = 1 / 3

/**
 * Words nobody says can still be placed: squeezed into a pause or the tail of
 * a neighbour, each at the shortest length the model allows. A unit with a
 * third of its words (three at least) that short was squeezed in, not said.
 */
function squeezed(words: readonly PlacedWord[], dictionary: Dictionary): boolean {
  const phones = (word: string) => (dictionary.get(word)?.[0]?.trim().split(/\s+/).length ?? 2) - 1
  const short = words.filter((w) => w.end - w.start <= phones(w.word) * MIN_PHONE_MS + 10).length
  return short >= 3 && short >= SQUEEZED_SHARE * words.length
}

/** Whether a unit's words sound like themselves in [start, end): fit.ts's acoustic test. */
async function soundsLikeItself(pcm: string, unit: Unit, start: number, end: number, options: AlignOptions): Promise<boolean> {
  const slice = await sliceTo(pcm, start, end, options.workDir, 'fit')
  const fit = await acousticFit(slice, { words: unit.tokens.flatMap((t) => t.spoken), phraseEnds: phraseEnds(unit.tokens) }, end - start, options)
  return fit !== undefined && fit >= ACOUSTIC_FIT_MIN
}

/** Sorted, with overlapping or touching stretches joined (their texts in order). */
const mergeUnfit = (stretches: Unfit[]): Unfit[] => joinTouching(stretches, (last, s) => void (last.text = [last.text, s.text].filter(Boolean).join(' ')))

/** Free recognition of a chunk: machine words, low confidence. */
export async function recogniseChunk(pcm: string, chunk: Chunk, options: Omit<AlignOptions, 'dictionary'>): Promise<StoredWord[]> {
  const slice = await sliceTo(pcm, chunk.start, chunk.end, options.workDir, 'recognise')
  return recogniseWords(slice, chunk.start, chunk.end - chunk.start, { modelDir: options.modelDir, signal: options.signal })
}

/**
 * Untimed text on long audio: recognise it with a language model made from
 * the text (fast and mostly right, since only these words can be heard),
 * find anchors, and cut the text into timed cues of about 25 s.
 */
export async function anchorCues(pcm: string, cues: StoredCue[], durationMs: number, silences: Array<{ start: number; end: number }>, options: AlignOptions): Promise<StoredCue[]> {
  const tokens = knownOnly(tokenize(cues.map((c) => c.text).join(' ')), (w) => options.dictionary.has(w))
  const spoken = tokens.flatMap((t) => t.spoken)
  const lm = path.join(options.workDir, 'text.arpa')
  const dictFile = path.join(options.workDir, 'text.dict')
  await writeFile(lm, bigramArpa(spoken))
  await writeFile(dictFile, dictionaryFor(spoken, options.dictionary))
  const heard: StoredWord[] = []
  for (const chunk of planRecognitionChunks(durationMs, silences)) {
    const slice = await sliceTo(pcm, chunk.start, chunk.end, options.workDir, 'anchor')
    heard.push(...(await recogniseWords(slice, chunk.start, chunk.end - chunk.start, { modelDir: options.modelDir, signal: options.signal, lm, dictFile })))
  }
  return cuesFromAnchors(tokens, findAnchors(spoken, heard), silences, durationMs)
}
