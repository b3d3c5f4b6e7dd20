import { describe, expect, it } from 'vitest'
import { bySource, dictionariesOf, languageLabel, languageOptions, lookUpOnWeb, noTranslation } from './language-text'

const dictionaries = [
  { language: 'de', name: 'Meine Karten' },
  { language: 'de', name: 'FreeDict English–German' },
  { language: 'ja', name: 'EDICT' },
]

describe('the learner language picker and texts', () => {
  it('offers the languages with an offline dictionary first, then every other ISO 639-1 language, by name, without English', () => {
    const { withDictionary, others } = languageOptions(dictionaries)
    expect(withDictionary).toEqual([
      { code: 'de', name: 'German' },
      { code: 'ja', name: 'Japanese' },
    ])
    expect(others.length).toBe(183 - 1 - 2)
    expect(others.map((l) => l.name)).toEqual([...others.map((l) => l.name)].sort((a, b) => a.localeCompare(b, 'en')))
    expect(others.some((l) => l.code === 'en' || l.code === 'de')).toBe(false)
    expect(others[0]).toEqual({ code: 'ab', name: 'Abkhazian' })
  })

  it('names a language, its dictionaries, and what the popover says', () => {
    expect(languageLabel('zh')).toBe('Chinese')
    expect(languageLabel('xx')).toBe('xx')
    expect(dictionariesOf(dictionaries, 'de')).toEqual(['Meine Karten', 'FreeDict English–German'])
    expect(noTranslation('de', 'zorblax')).toBe('No German meaning of “zorblax” in the dictionaries.')
    expect(lookUpOnWeb('house')).toBe('Look up “house” on the web')
  })

  it('keeps the lines in order and names each source once under its lines', () => {
    const lines = [
      { text: 'Hütte', source: 'vokabeln' },
      { text: 'Haus', source: 'FreeDict' },
      { text: 'Geschlecht', source: 'FreeDict' },
      { text: 'Bau', source: 'vokabeln' },
    ]
    expect(bySource(lines)).toEqual([
      { source: 'vokabeln', texts: ['Hütte'] },
      { source: 'FreeDict', texts: ['Haus', 'Geschlecht'] },
      { source: 'vokabeln', texts: ['Bau'] },
    ])
    expect(bySource([])).toEqual([])
  })
})
