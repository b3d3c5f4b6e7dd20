import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { WordTimestamp } from '@lingocast/contract'
import { toolPath } from '../../lib/media-tools'
import { DEFAULT_MODEL_DIR, dictionaryFor, PAUSE_WORD, type Dictionary } from '../transcription/sphinx'
import { knownOnly, tokenize } from '../transcription/words'
import { JUNK_WORD, matchSlots, parseTakeHypseg, scoreTake, takeGrammar, type TakeScore } from './scoring'

const run = promisify(execFile)

/**
 * Scores a take (raw 16 kHz mono PCM, `pcm`, in a work folder of its own)
 * against the segment's text: one pocketsphinx_batch run over the take with
 * the take grammar (scoring.ts), then the verdicts. The whole dictionary is
 * never loaded by the decoder: only these words, so a run costs a fraction of
 * a second.
 */
export async function scorePcm(
  pcm: string,
  text: string,
  speaker: readonly WordTimestamp[],
  options: { dictionary: Dictionary; lengthMs: number; modelDir?: string; signal?: AbortSignal },
): Promise<TakeScore> {
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR
  const tokens = knownOnly(tokenize(text), (w) => options.dictionary.has(w))
  const spoken = tokens.flatMap((t) => t.spoken)
  if (spoken.length === 0) return scoreTake({ tokens, slots: [], phones: [], speaker })
  const dir = path.dirname(pcm)
  const ext = path.extname(pcm)
  await writeFile(path.join(dir, 'take.fsg'), takeGrammar(spoken, PAUSE_WORD))
  await writeFile(path.join(dir, 'take.dict'), `${dictionaryFor(spoken, options.dictionary)}${PAUSE_WORD} SIL\n${JUNK_WORD} +SPN+\n`)
  await writeFile(path.join(dir, 'ctl'), `${path.basename(pcm, ext)}\n`)
  await run(
    toolPath('pocketsphinx_batch'),
    [
      ...['-ctl', path.join(dir, 'ctl'), '-cepdir', dir, '-cepext', ext, '-adcin', 'yes', '-adchdr', '0'],
      ...['-hmm', path.join(modelDir, 'en-us'), '-dict', path.join(dir, 'take.dict'), '-fsg', path.join(dir, 'take.fsg')],
      // Silence is the grammar's own word, so the decoder inserts no fillers of its own (they could not reach the end state).
      ...['-fsgusefiller', 'no', '-remove_silence', 'no', '-dither', 'yes', '-seed', '1'],
      ...['-beam', '1e-80', '-wbeam', '1e-60', '-pbeam', '1e-80'],
      // Every senone scored in every frame: the per-frame scores of words are then against the best
      // sound of the whole model, comparable between words and takes (scoring.ts's thresholds).
      ...['-compallsen', 'yes'],
      ...['-hypseg', path.join(dir, 'seg'), '-logfn', '/dev/null'],
    ],
    { signal: options.signal, timeout: 60_000 },
  )
  const placed = parseTakeHypseg(await readFile(path.join(dir, 'seg'), 'utf8').catch(() => ''), PAUSE_WORD, options.lengthMs)
  const phones = spoken.map((w) => (options.dictionary.get(w)?.[0]?.trim().split(/\s+/).length ?? 2) - 1)
  return scoreTake({ tokens, slots: matchSlots(spoken, placed), phones, speaker })
}
