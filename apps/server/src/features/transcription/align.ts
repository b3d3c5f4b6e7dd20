import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { StoredCue, StoredWord } from '../../db/schema'
import { bigramArpa, cuesFromAnchors, findAnchors } from './anchors'
import { slicePcm } from './audio'
import { planRecognitionChunks, type Chunk } from './chunks'
import { alignWords, dictionaryFor, recogniseWords, type Dictionary } from './sphinx'
import { timeTokens, type Span } from './timing'
import { knownOnly, phraseEnds, tokenize } from './words'

export interface AlignOptions {
  dictionary: Dictionary
  modelDir: string
  /** Where the slices go (a job's temporary folder). */
  workDir: string
  signal?: AbortSignal
}

const CUE_MARGIN_MS = 400

/** What aligning a chunk gave. */
export interface ChunkAlignment {
  words: StoredWord[]
  alignedCues: number
  cues: number
  /**
   * The windows of the cues the decoder found no path through (their words
   * are spread evenly there). Windows do not overlap, and every word of the
   * chunk lies inside the window of the cue it belongs to.
   */
  unaligned: Span[]
}

/** [start, end) of the PCM file as a file of its own in the work folder, for one recogniser run. */
export async function sliceTo(pcm: string, start: number, end: number, workDir: string, kind: string): Promise<string> {
  const file = path.join(workDir, `${kind}-${start}-${end}.raw`)
  await slicePcm(pcm, start, end, file)
  return file
}

/** Times the words of `text` inside [start, end) of the PCM file. */
export async function alignSpan(pcm: string, text: string, start: number, end: number, options: AlignOptions): Promise<{ words: StoredWord[]; aligned: boolean }> {
  const slice = await sliceTo(pcm, start, end, options.workDir, 'align')
  const tokens = knownOnly(tokenize(text), (w) => options.dictionary.has(w))
  const placed = await alignWords(
    slice,
    tokens.flatMap((t) => t.spoken),
    start,
    end - start,
    { dictionary: options.dictionary, modelDir: options.modelDir, signal: options.signal, phraseEnds: phraseEnds(tokens) },
  )
  return timeTokens(tokens, placed, start, end)
}

/**
 * A chunk of known text. Timed cues are aligned one by one inside their own
 * span (plus a margin reaching halfway to the neighbours), so a cue whose
 * text does not fit the audio (a missing or extra sentence) disturbs only
 * itself. A long cue with pauses inside times as well as short ones: the
 * decoder sees the pauses (sphinx.ts) and may rest at every phrase end.
 * Untimed text is aligned as a whole.
 */
export async function alignChunk(pcm: string, chunk: Chunk, options: AlignOptions): Promise<ChunkAlignment> {
  const cues = chunk.cues ?? []
  if (cues.length === 0) {
    const whole = await alignSpan(pcm, chunk.text ?? '', chunk.start, chunk.end, options)
    return { words: whole.words, alignedCues: whole.aligned ? 1 : 0, cues: 1, unaligned: whole.aligned ? [] : [{ start: chunk.start, end: chunk.end }] }
  }
  const words: StoredWord[] = []
  const unaligned: Span[] = []
  let alignedCues = 0
  for (const [k, cue] of cues.entries()) {
    const prevEnd = cues[k - 1]?.end
    const nextStart = cues[k + 1]?.start
    const start = Math.max(chunk.start, cue.start! - CUE_MARGIN_MS, prevEnd === undefined ? 0 : (prevEnd + cue.start!) / 2, words.at(-1)?.end ?? 0)
    const end = Math.min(chunk.end, cue.end! + CUE_MARGIN_MS, nextStart === undefined ? chunk.end : (cue.end! + nextStart) / 2)
    const window = { start: Math.round(start), end: Math.round(Math.max(start, end)) }
    const one = await alignSpan(pcm, cue.text, window.start, window.end, options)
    if (one.aligned) alignedCues++
    else unaligned.push(window)
    words.push(...one.words)
  }
  return { words, alignedCues, cues: cues.length, unaligned }
}

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
