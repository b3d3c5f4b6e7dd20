import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { regluePhrases, type PlacedWord, type Span } from './timing'

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
async function batch(pcm: string, args: string[], modelDir: string, signal?: AbortSignal, dictFile = path.join(modelDir, 'cmudict-en-us.dict')): Promise<ReturnType<typeof parseHypseg>> {
  // Beside the slice, in the job's directory, which the start-up sweep clears after a crash.
  const dir = await mkdtemp(path.join(path.dirname(pcm), 'sphinx-'))
  try {
    // The batch decoder reads <cepdir>/<ctl line><cepext>: point it at the slice where it is.
    const ext = path.extname(pcm)
    await writeFile(path.join(dir, 'ctl'), `${path.basename(pcm, ext)}\n`)
    await run(
      'pocketsphinx_batch',
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
    return parseHypseg(await readFile(path.join(dir, 'seg'), 'utf8').catch(() => ''))
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
 * A word of silence for the grammar: the decoder may put a silence anywhere
 * (-fsgusefiller), at a small cost; where the text ends a phrase it can pause
 * for free. Without it, on a cue with several phrases, the decoder would
 * rather squeeze a short word like "her" onto the end of the phrase before a
 * pause than start it after the pause ("an hour. Her brother": 2 s early).
 * The underscore keeps it apart from any spoken word (see words.ts).
 */
export const PAUSE_WORD = 'pause_'

/** The JSGF grammar of the words in order, with an optional pause after those in `phraseEnds`. */
export function alignmentGrammar(words: string[], phraseEnds: ReadonlySet<number> = new Set()): string {
  const body = words.map((w, i) => (phraseEnds.has(i) && i < words.length - 1 ? `${w} [${PAUSE_WORD}]` : w)).join(' ')
  return `#JSGF V1.0;\ngrammar align;\npublic <s> = [${PAUSE_WORD}] ${body} [${PAUSE_WORD}];\n`
}

/**
 * Forced alignment of known words: a JSGF grammar of exactly these words, in
 * order, and wide beams. `phraseEnds` are the indices of words the text ends
 * a phrase with (punctuation), where a pause is expected. Undefined when the
 * decoder found no path through the grammar (the text does not match the audio).
 */
export async function alignWords(
  pcm: string,
  words: string[],
  offsetMs: number,
  lengthMs: number,
  options: { dictionary: Dictionary; modelDir?: string; signal?: AbortSignal; phraseEnds?: ReadonlySet<number> },
): Promise<PlacedWord[] | undefined> {
  if (words.length === 0) return []
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const gram = `${pcm}.gram`
  // A dictionary of just these words: loading the whole one is most of a short run's time.
  const dict = `${pcm}.dict`
  await writeFile(gram, alignmentGrammar(words, options.phraseEnds))
  await writeFile(dict, `${dictionaryFor(words, options.dictionary)}${PAUSE_WORD} SIL\n`)
  try {
    // A silence where the text has no phrase end costs more than pocketsphinx's default (0.005):
    // at the default the decoder still glued "a" of "an hour. A quiet student" to "hour" across
    // a 1.4 s pause. 1e-3 to 3e-4 time every case of pauses.test.ts; 1e-4 and lower stretch
    // words over the pauses of speakers who stop for breath mid-phrase.
    const result = await batch(pcm, ['-jsgf', gram, '-beam', '1e-80', '-wbeam', '1e-60', '-pbeam', '1e-80', '-silprob', '1e-3'], modelDir, options.signal, dict)
    if (!result || result.placed.length !== words.length) return undefined
    return finish(regluePhrases(result.placed, result.silences, options.phraseEnds ?? new Set()), offsetMs, lengthMs)
  } finally {
    await rm(gram, { force: true })
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
  const result = await batch(pcm, ['-lm', options.lm ?? path.join(modelDir, 'en-us.lm.bin')], modelDir, options.signal, options.dictFile)
  return result ? finish(result.placed, offsetMs, lengthMs) : []
}

/** The dictionary lines of just these words: loading all 134,000 entries is most of a short run. */
export function dictionaryFor(words: string[], dictionary: Dictionary): string {
  return `${[...new Set(words)].flatMap((w) => dictionary.get(w) ?? []).join('\n')}\n`
}
