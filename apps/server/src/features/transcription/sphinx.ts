import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { runInBackground } from '../../lib/background-priority'
import { toolPath } from '../../lib/media-tools'
import { alignmentDictionary, alignmentFsg, goodness, parseAlignment, PAUSE_WORD, type DecodedAlignment, type GrammarText } from './grammar'
import type { PlacedWord, Span } from './timing'

export { PAUSE_WORD }

const run = promisify(execFile)

/** Debian's pocketsphinx-en-us model. */
export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us'
/** 100 feature frames a second. */
const FRAME_MS = 10

/** Word -> its pronunciation lines ("the", "the(2)"...), as the dictionary file has them. */
export type Dictionary = Map<string, string[]>

const dictionaries = new Map<string, Promise<Dictionary>>()

/** The pronunciation dictionary, read once per process. */
export function loadDictionary(modelDir = DEFAULT_MODEL_DIR): Promise<Dictionary> {
  let loaded = dictionaries.get(modelDir)
  if (!loaded) {
    loaded = readFile(path.join(modelDir, 'cmudict-en-us.dict'), 'utf8').then((text) => {
      const dict: Dictionary = new Map()
      for (const line of text.split('\n')) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '')
        if (!word) continue
        const lines = dict.get(word)
        if (lines) lines.push(line)
        else dict.set(word, [line])
      }
      return dict
    })
    dictionaries.set(modelDir, loaded)
  }
  return loaded
}

/**
 * pocketsphinx_batch decodes the whole slice as one utterance (the continuous
 * decoder splits at pauses, and each piece then fails a grammar written for
 * the whole text). `-hypseg` gives each word's first frame.
 */
async function batch(pcm: string, args: string[], modelDir: string, signal?: AbortSignal, dictFile = path.join(modelDir, 'cmudict-en-us.dict')): Promise<string> {
  // Beside the slice, in the job's directory, which the start-up sweep clears after a crash.
  const dir = await mkdtemp(path.join(path.dirname(pcm), 'sphinx-'))
  try {
    // The batch decoder reads <cepdir>/<ctl line><cepext>: point it at the slice where it is.
    const ext = path.extname(pcm)
    await writeFile(path.join(dir, 'ctl'), `${path.basename(pcm, ext)}\n`)
    const decoding = run(
      toolPath('pocketsphinx_batch'),
      [
        ...['-ctl', path.join(dir, 'ctl'), '-cepdir', path.dirname(pcm), '-cepext', ext, '-adcin', 'yes', '-adchdr', '0'],
        ...['-hmm', path.join(modelDir, 'en-us'), '-dict', dictFile],
        // Dither: digital silence (padding, synthetic speech) has no energy at all, and without
        // a little noise the decoder matches it to words rather than to silence.
        ...['-hypseg', path.join(dir, 'seg'), '-logfn', '/dev/null', '-dither', 'yes', '-seed', '1'],
        // The voice-activity filter drops the frames it takes for silence before decoding, and
        // -hypseg counts only the frames kept: every word after a pause came out early by the
        // length of the pause. Silence is decoded instead (the grammar's fillers model it).
        ...['-remove_silence', 'no'],
        ...args,
      ],
      { signal, timeout: 10 * 60_000 },
    )
    // Minutes of decoding a learner does not sit and watch: a take's score or a card's clip goes first.
    runInBackground(decoding.child)
    await decoding
    return await readFile(path.join(dir, 'seg'), 'utf8').catch(() => '')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * `uttid S scale T total A ascr L lscr {sf ascr lscr word}...`: a word ends
 * where the next begins; the last at the end of the audio (the total frame
 * count is not printed, so the caller passes the slice length).
 */
export function parseHypseg(text: string): { placed: PlacedWord[]; frames: number; silences: Span[] } | undefined {
  const fields = text.trim().split(/\s+/)
  if (fields.length < 13) return undefined
  const entries: Array<{ frame: number; word: string }> = []
  for (let i = 9; i + 3 < fields.length; i += 4) entries.push({ frame: Number(fields[i]), word: fields[i + 3]! })
  const placed: PlacedWord[] = []
  const silences: Span[] = []
  entries.forEach((e, k) => {
    const word = e.word.replace(/\(\d+\)$/, '')
    const next = entries[k + 1]
    // Fillers the decoder put in by itself (not the grammar's pause), where the text has no phrase end.
    if ((word === '<sil>' || word.startsWith('[') || word.startsWith('+')) && next) {
      const last = silences.at(-1)
      if (last && last.end === e.frame * FRAME_MS) last.end = next.frame * FRAME_MS
      else silences.push({ start: e.frame * FRAME_MS, end: next.frame * FRAME_MS })
    }
    // Fillers, the grammar's pause word, and "(NULL)": a pass through an optional pause not taken.
    if (word.startsWith('<') || word.startsWith('[') || word.startsWith('+') || word.startsWith('(') || word === PAUSE_WORD) return
    placed.push({ word, start: e.frame * FRAME_MS, end: next ? next.frame * FRAME_MS : Number.NaN })
  })
  return { placed, frames: entries.at(-1)?.frame ?? 0, silences }
}

const finish = (placed: PlacedWord[], offsetMs: number, lengthMs: number): PlacedWord[] =>
  placed.map((w) => ({ word: w.word, start: offsetMs + w.start, end: offsetMs + (Number.isNaN(w.end) ? lengthMs : Math.min(w.end, lengthMs)) }))

/**
 * Decodes a slice against the alignment grammar of a text (grammar.ts).
 * Every path is searched (beams of 0): with the grammar's pauses and junk
 * the best-scoring partial path is often one that waits, and any pruning
 * relative to it loses the text's own path on noisy speech (pocketsphinx's
 * "Final result does not match the grammar"). The grammar is a line of
 * words, so searching all of it stays cheap. Undefined when no path reaches
 * the end (a text that cannot be said in so little audio).
 */
export async function alignText(
  pcm: string,
  text: GrammarText,
  lengthMs: number,
  options: { dictionary: Dictionary; modelDir?: string; signal?: AbortSignal },
): Promise<DecodedAlignment | undefined> {
  if (text.words.length === 0) return { placed: [], pauses: [], junk: [] }
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const fsg = `${pcm}.fsg`
  // A dictionary of just these words: loading the whole one is most of a short run's time.
  const dict = `${pcm}.dict`
  await writeFile(fsg, alignmentFsg(text))
  await writeFile(dict, alignmentDictionary(text.words, (w) => options.dictionary.get(w)))
  try {
    // The grammar has its own pause word; pocketsphinx's fillers would end paths outside it.
    const hypseg = await batch(pcm, ['-fsg', fsg, '-fsgusefiller', 'no', '-beam', '0', '-wbeam', '0', '-pbeam', '0'], modelDir, options.signal, dict)
    return parseAlignment(hypseg, lengthMs)
  } finally {
    await rm(fsg, { force: true })
    await rm(dict, { force: true })
  }
}

/**
 * The acoustic fit of a text known to be said in a slice (grammar.ts's
 * goodness): two decodings with every senone scored, the text forced and
 * free phones. Slow next to an alignment (a whole model per frame), so it is
 * asked only of the few stretches whose units the alignment left out.
 */
export async function acousticFit(
  pcm: string,
  text: Pick<GrammarText, 'words' | 'phraseEnds'>,
  lengthMs: number,
  options: { dictionary: Dictionary; modelDir?: string; signal?: AbortSignal },
): Promise<number | undefined> {
  if (text.words.length === 0) return undefined
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const fsg = `${pcm}.fit.fsg`
  const dict = `${pcm}.fit.dict`
  await writeFile(fsg, alignmentFsg({ ...text, unitStarts: [0], skippable: false }))
  await writeFile(dict, alignmentDictionary(text.words, (w) => options.dictionary.get(w)))
  try {
    const all = ['-compallsen', 'yes']
    const forced = await batch(pcm, [...all, '-fsg', fsg, '-fsgusefiller', 'no', '-beam', '0', '-wbeam', '0', '-pbeam', '0'], modelDir, options.signal, dict)
    const phones = await batch(pcm, [...all, '-allphone', path.join(modelDir, 'en-us-phone.lm.bin'), '-allphone_ci', 'yes', '-backtrace', 'no'], modelDir, options.signal, dict)
    return goodness(forced, phones, lengthMs)
  } finally {
    await rm(fsg, { force: true })
    await rm(dict, { force: true })
  }
}

/** Free recognition with the general language model: the always-available fallback (low confidence). */
export async function recogniseWords(
  pcm: string,
  offsetMs: number,
  lengthMs: number,
  options: { modelDir?: string; signal?: AbortSignal; lm?: string; dictFile?: string } = {},
): Promise<PlacedWord[]> {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const result = parseHypseg(await batch(pcm, ['-lm', options.lm ?? path.join(modelDir, 'en-us.lm.bin')], modelDir, options.signal, options.dictFile))
  return result ? finish(result.placed, offsetMs, lengthMs) : []
}

/** The dictionary lines of just these words: loading all 134,000 entries is most of a short run. */
export function dictionaryFor(words: string[], dictionary: Dictionary): string {
  return `${[...new Set(words)].flatMap((w) => dictionary.get(w) ?? []).join('\n')}\n`
}
