import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config'
import { createWordNet } from '../../tutor/offline/wordnet'
import { senseWords } from '../meaning-in-sentence'
import { discoverDictionaries } from './discover'
import { createTranslations } from './translations'

/** FreeDict English-German's lines, ordered by the sense a word has in its sentence (Debian's dict-freedict-eng-deu, a test prerequisite). */
describe('translations in the order of the chosen sense', () => {
  const discovery = discoverDictionaries(loadConfig({ DATA_DIR: '/nonexistent-lingocast-data' }).dictionaries)
  const translations = createTranslations({ discovery: { ...discovery, skipped: [] }, log: { info: () => {}, warn: () => {} } })
  const wordnet = createWordNet()
  afterAll(() => translations.close())

  async function firstLine(lemma: string, form: string, pos: string, sentence: string, definition: string): Promise<string | undefined> {
    await translations.ready('de')
    const sense = (await wordnet.senses(lemma)).find((s) => s.definition.startsWith(definition))
    if (!sense) throw new Error(`WordNet has no sense of ${lemma} defined as "${definition}"`)
    const lines = await translations.translate('de', { lemma, form, pos, sentence, sense: senseWords(sense) })
    return lines.find((l) => l.source === 'FreeDict English–German')?.text
  }

  it('puts the timepiece first for "my watch", not the verb "zusehen"', async () => {
    expect(await firstLine('watch', 'watch', 'NOUN', 'I checked my watch.', 'a small portable timepiece')).toMatch(/\bUhr\b/)
  }, 60_000)

  it('puts a lamp or light first for "turn on the light", not "Tageslicht"', async () => {
    expect(await firstLine('light', 'light', 'NOUN', 'Turn on the light.', 'any device serving as a source of illumination')).toMatch(/Lampe|Leuchte|\bLicht\b/)
  }, 60_000)

  it('puts the transitive "betreiben" first for running a company, not the intransitive "laufen"', async () => {
    expect(await firstLine('run', 'runs', 'VERB', 'He runs a small company.', 'direct or control')).toMatch(/\bbetreiben\b/)
  }, 60_000)
})
