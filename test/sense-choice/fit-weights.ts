/**
 * Grid search of the sense choice's uncached weights on the tuning half
 * (even-numbered cases) of test/sense-choice/labelled.tsv, never the kept-out one:
 *   node --import tsx test/sense-choice/fit-weights.ts ['{"POS_BONUS":[2,4,8]}']
 * Prints the best settings found, with their share right on the tuning half.
 */
import { createWordNet } from '../../apps/server/src/features/tutor/offline/wordnet'
import { SENSE_WEIGHTS } from '../../apps/server/src/features/tutor/offline/sense-choice'
import { evaluateSenseChoice, labelledCases } from './evaluate'

const tuning = labelledCases().filter((_, i) => i % 2 === 0)
const wordnet = createWordNet()
const grid: Partial<Record<keyof typeof SENSE_WEIGHTS, number[]>> = JSON.parse(process.argv[2] ?? 'null') ?? {
  OVERLAP_WEIGHT: [1.5, 2, 3],
  PRIOR_SMOOTHING: [1, 3],
  POS_BONUS: [3, 4, 6, 8],
  FRAME_BONUS: [1, 2, 3],
}
const names = Object.keys(grid) as (keyof typeof SENSE_WEIGHTS)[]
const start = { ...SENSE_WEIGHTS }
const rows: { right: number; setting: string }[] = []
async function walk(i: number): Promise<void> {
  if (i === names.length) {
    const { right } = await evaluateSenseChoice(wordnet, tuning)
    rows.push({ right, setting: names.map((n) => `${n}=${SENSE_WEIGHTS[n]}`).join(' ') })
    return
  }
  for (const v of grid[names[i]!]!) {
    SENSE_WEIGHTS[names[i]!] = v
    await walk(i + 1)
  }
}
const t0 = Date.now()
await walk(0)
Object.assign(SENSE_WEIGHTS, start)
rows.sort((a, b) => b.right - a.right)
for (const r of rows.slice(0, 15)) console.log(`${r.right}/${tuning.length} ${r.setting}`)
console.log(`${rows.length} settings in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
process.exit(0)
