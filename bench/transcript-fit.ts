import type { AlignOptions } from '../apps/server/src/features/transcription/align'
import { CONDITIONS, conditionName, CUE_SETS, makeFitSpeech, otherTextCase, record, rightCase, runCase } from '../test/transcript-fit-cases'
import { printTable } from './harness'

/**
 * The publisher-text matrix (decision 0011): both recordings (LibriVox, espeak-ng) under every
 * condition (clean, a noise floor and a music bed at 30, 20 and 10 dB),
 * with every cue set of the right text and with another recording's text.
 * Per cue set: the share of right texts kept word for word (goal 100 %),
 * and of their words starting within 200 ms (goal >= 90 %); per condition:
 * the share of the other recording's texts caught (goal 100 %). Also the
 * time the known-text path took per audio time on right texts (alignment,
 * and the second hearings and recognitions of what did not fit).
 */
export async function fitMatrix(dir: string, options: AlignOptions): Promise<string> {
  const speeches = await makeFitSpeech(dir, options)
  const bySet = new Map<string, { kept: number; runs: number; within: number[] }>()
  const byCondition = new Map<string, { caught: number; runs: number }>()
  let rightMs = 0
  let rightAudioMs = 0
  for (const speech of speeches) {
    const other = speeches.find((s) => s !== speech)!
    for (const condition of CONDITIONS) {
      const recording = await record(dir, speech, condition)
      for (const set of CUE_SETS) {
        const t0 = performance.now()
        const out = await runCase(recording, speech, rightCase(set, speech), options, true)
        rightMs += performance.now() - t0
        rightAudioMs += recording.durationMs
        const row = bySet.get(set) ?? { kept: 0, runs: 0, within: [] }
        row.runs++
        if (out.ok) row.kept++
        if (out.within200 !== undefined) row.within.push(out.within200)
        bySet.set(set, row)
        if (!out.ok) console.log(`  not kept: ${speech.name}, ${set}, ${conditionName(condition)}: ${out.shown.join(' ')}`)
      }
      const wrong = await runCase(recording, speech, otherTextCase(speech, other), options, false)
      const row = byCondition.get(conditionName(condition)) ?? { caught: 0, runs: 0 }
      row.runs++
      if (wrong.ok) row.caught++
      else console.log(`  not caught: ${speech.name}'s audio with ${other.name}'s text, ${conditionName(condition)} (${(wrong.unmatchedShare * 100).toFixed(0)} % unmatched): ${wrong.shown.join(' ')}`)
      byCondition.set(conditionName(condition), row)
    }
  }
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`
  printTable(
    [...bySet].map(([set, r]) => ({
      'cue set': set,
      'right texts kept': `${pct(r.kept / r.runs)} (${r.kept}/${r.runs})`,
      'words within 200 ms, mean': r.within.length ? pct(r.within.reduce((a, b) => a + b, 0) / r.within.length) : '-',
      'worst run': r.within.length ? pct(Math.min(...r.within)) : '-',
    })),
  )
  printTable([...byCondition].map(([condition, r]) => ({ condition, "other recording's text caught": `${pct(r.caught / r.runs)} (${r.caught}/${r.runs})` })))
  const kept = [...bySet.values()].reduce((n, r) => n + r.kept, 0) / [...bySet.values()].reduce((n, r) => n + r.runs, 0)
  const caught = [...byCondition.values()].reduce((n, r) => n + r.caught, 0) / [...byCondition.values()].reduce((n, r) => n + r.runs, 0)
  const within = [...bySet.values()].flatMap((r) => r.within)
  const rtf = rightMs / rightAudioMs
  console.log(`known-text path on right texts: ${rtf.toFixed(3)} x real time`)
  return `fit_right_kept=${kept.toFixed(3)} fit_wrong_caught=${caught.toFixed(3)} fit_within200_worst=${Math.min(...within).toFixed(3)} fit_rtf_right=${rtf.toFixed(3)}`
}
