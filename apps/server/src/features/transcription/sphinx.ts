import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { PlacedWord } from './timing'

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
async function batch(pcm: string, args: string[], modelDir: string, signal?: AbortSignal, dictFile = path.join(modelDir, 'cmudict-en-us.dict')): Promise<{ placed: PlacedWord[]; frames: number } | undefined> {
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
export function parseHypseg(text: string): { placed: PlacedWord[]; frames: number } | undefined {
  const fields = text.trim().split(/\s+/)
  if (fields.length < 13) return undefined
  const entries: Array<{ frame: number; word: string }> = []
  for (let i = 9; i + 3 < fields.length; i += 4) entries.push({ frame: Number(fields[i]), word: fields[i + 3]! })
  const placed: PlacedWord[] = []
  entries.forEach((e, k) => {
    const word = e.word.replace(/\(\d+\)$/, '')
    if (word.startsWith('<') || word.startsWith('[') || word.startsWith('+')) return
    const next = entries[k + 1]
    placed.push({ word, start: e.frame * FRAME_MS, end: next ? next.frame * FRAME_MS : Number.NaN })
  })
  return { placed, frames: entries.at(-1)?.frame ?? 0 }
}

const finish = (placed: PlacedWord[], offsetMs: number, lengthMs: number): PlacedWord[] =>
  placed.map((w) => ({ word: w.word, start: offsetMs + w.start, end: offsetMs + (Number.isNaN(w.end) ? lengthMs : Math.min(w.end, lengthMs)) }))

/**
 * Forced alignment of known words: a JSGF grammar of exactly these words, in
 * order, and wide beams. Undefined when the decoder found no path through
 * the grammar (the text does not match the audio).
 */
export async function alignWords(
  pcm: string,
  words: string[],
  offsetMs: number,
  lengthMs: number,
  options: { dictionary: Dictionary; modelDir?: string; signal?: AbortSignal },
): Promise<PlacedWord[] | undefined> {
  if (words.length === 0) return []
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const gram = `${pcm}.gram`
  // A dictionary of just these words: loading the whole one is most of a short run's time.
  const dict = `${pcm}.dict`
  await writeFile(gram, `#JSGF V1.0;\ngrammar align;\npublic <s> = ${words.join(' ')};\n`)
  await writeFile(dict, dictionaryFor(words, options.dictionary))
  try {
    const result = await batch(pcm, ['-jsgf', gram, '-beam', '1e-80', '-wbeam', '1e-60', '-pbeam', '1e-80'], modelDir, options.signal, dict)
    if (!result || result.placed.length !== words.length) return undefined
    return finish(result.placed, offsetMs, lengthMs)
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
