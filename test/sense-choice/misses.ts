/**
 * Prints the labelled cases the sense choice and the German first line get
 * wrong, with each candidate's score, so that a change is judged per case
 * rather than by the aggregate alone:
 *   node --import tsx test/sense-choice/misses.ts [tuning|kept-out|all]
 * Tuning on the kept-out half defeats it: look at "tuning" while changing weights.
 */
import { createWordNet } from '../../apps/server/src/features/tutor/offline/wordnet'
import { senseInSentence } from '../../apps/server/src/features/tutor/offline/sense-choice'
import { loadConfig } from '../../apps/server/src/config'
import { discoverDictionaries } from '../../apps/server/src/features/vocabulary/dictionaries/discover'
import { createTranslations } from '../../apps/server/src/features/vocabulary/dictionaries/translations'
import { translateWith } from '../../apps/server/src/features/vocabulary/meaning-in-sentence'
import { evaluateSenseChoice } from './evaluate'
import { evaluateGerman } from './evaluate-german'

const half = process.argv[2] ?? 'tuning'
const keep = (index: number) => half === 'all' || index % 2 === (half === 'tuning' ? 0 : 1)
const wordnet = createWordNet()
const senses = await evaluateSenseChoice(wordnet)
for (const [index, r] of senses.results.entries()) {
  if (!keep(index) || r.right) continue
  const found = await senseInSentence(wordnet, r.word, r.sentence)
  console.log(`\nSENSE ${r.line} "${r.sentence}" ${r.word} gold=${r.key} tag=${found?.pos}`)
  for (const s of found?.choice.ranked.slice(0, 6) ?? []) {
    const mark = r.chosen?.endsWith(`|${s.sense.pos}|${s.sense.offset}`) ? '>' : ' '
    console.log(`  ${mark} ${s.score.toFixed(2)} ov=${s.overlap.toFixed(2)} ${s.sense.pos}${s.sense.rank} c=${s.sense.count} ${s.sense.offset} ${s.sense.definition.slice(0, 70)}`)
  }
}
const discovery = discoverDictionaries(loadConfig({ DATA_DIR: '/nonexistent-lingocast-data' }).dictionaries)
const translations = createTranslations({ discovery: { ...discovery, skipped: [] }, log: { info: () => {}, warn: () => {} } })
await translations.ready('de')
const german = await evaluateGerman(wordnet, translateWith(translations, wordnet))
const senseRight = new Map(senses.results.map((r) => [r.line, r.right]))
for (const r of german.results) {
  if (!keep(r.index) || r.right) continue
  console.log(`GERMAN ${r.line} ${r.word} sense=${senseRight.get(r.line) ? 'ok' : 'WRONG'} want=${r.german?.join('|')} first="${r.first}" "${r.sentence}"`)
}
const shown = half === 'kept-out' ? german.keptOut : german.tuning
console.log(`\n${half === 'kept-out' ? 'kept-out' : 'tuning'} half: sense ${senses.results.filter((r, i) => keep(i) && r.right).length}, German ${shown.right}/${shown.cases}`)
await translations.close()
process.exit(0)
