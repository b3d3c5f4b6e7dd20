import { VOCABULARY_MSG, WORD_IMPORT_MAX_LINES } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { hintFrom, levelFrom, parseWordList, statusFrom } from './word-import'

const pairs = (text: string, status: 'known' | 'learning' = 'known') => {
  const parsed = parseWordList(text, status)
  return { format: parsed.format, words: parsed.words.map((w) => `${w.word}:${w.status}`), skipped: parsed.skipped }
}

describe('parseWordList', () => {
  it('reads a plain list: BOM, CRLF, blank lines, quotes, the status asked for', () => {
    expect(pairs('\uFEFFestate\r\n\r\n  "settle" \r\nran\n\n', 'learning')).toEqual({
      format: 'plain',
      words: ['estate:learning', 'settle:learning', 'ran:learning'],
      skipped: 0,
    })
  })

  // Phrases of up to 6 words are terms of their own (decision 0028).
  it('keeps phrases of up to 6 words, skips longer ones and words over 64 characters', () => {
    expect(pairs(`ice  cream\n${'x'.repeat(65)}\nwell-known\nin spite of\none two three four five six seven`)).toEqual({
      format: 'plain',
      words: ['ice cream:known', 'well-known:known', 'in spite of:known'],
      skipped: 2,
    })
  })

  it('reads a CSV by its word column, any separator, quoted fields and a status column', () => {
    expect(pairs('id;Word;note\n1;"estate";"a ""big"" house; land"\n2;settle;\n')).toEqual({ format: 'csv', words: ['estate:known', 'settle:known'], skipped: 0 })
    expect(pairs('lemma\tstatus\trun\nestate\tlearning\t\nmouse\tignored\n').words).toEqual(['estate:learning', 'mouse:ignored'])
    // Our own export reads back as it was written.
    expect(pairs('lemma,status,updated_at\nrun,learning,2026-01-02T00:00:00.000Z\ngood,known,2026-01-02T00:00:00.000Z\n').words).toEqual(['run:learning', 'good:known'])
  })

  it("reads LingQ's export: term with status 1-4 or known, its phrases, levels and hints", () => {
    const csv = '\uFEFFTerm,Hint,Status,Tags\n"estate","property",1,\nsettle,"make a home",4,verbs\nreluctant,unwilling,known,\n"turn up","arrive",2,\n'
    expect(pairs(csv)).toEqual({ format: 'lingq', words: ['estate:learning', 'settle:learning', 'reluctant:known', 'turn up:learning'], skipped: 0 })
    expect(parseWordList(csv, 'known').words).toEqual([
      { word: 'estate', status: 'learning', level: 1, hint: 'property' },
      { word: 'settle', status: 'learning', level: 4, hint: 'make a home' },
      { word: 'reluctant', status: 'known', hint: 'unwilling' },
      { word: 'turn up', status: 'learning', level: 2, hint: 'arrive' },
    ])
  })

  it("reads Lute's export: 1-4 learning, 5 and W known, I ignored", () => {
    const csv = [
      'language,term,translation,parent,status,tags,pronunciation',
      'English,estate,property,,1,,',
      'English,settled,,settle,5,verbs,',
      'English,reluctant,"unwilling, hesitant",,W,,',
      'English,dashwood,,,I,names,',
      'English,look\u200b \u200bforward\u200b \u200bto,"freuen auf",,3,,',
      'English,odd,,,7,,',
    ].join('\n')
    expect(pairs(csv)).toEqual({ format: 'lute', words: ['estate:learning', 'settled:known', 'reluctant:known', 'dashwood:ignored', 'look forward to:learning'], skipped: 1 })
    // Lute's translations are the hints; its multi-word terms (parts joined by zero-width spaces) are phrases.
    const terms = parseWordList(csv, 'known').words
    expect(terms.find((t) => t.word === 'reluctant')).toEqual({ word: 'reluctant', status: 'known', hint: 'unwilling, hesitant' })
    expect(terms.find((t) => t.word === 'look forward to')).toEqual({ word: 'look forward to', status: 'learning', level: 3, hint: 'freuen auf' })
    expect(terms.find((t) => t.word === 'dashwood')).toEqual({ word: 'dashwood', status: 'ignored' })
  })

  it("reads LWT's tab-separated export without a header: 1-4 learning, 5 and 99 known, 98 ignored", () => {
    const tsv = 'estate\tproperty\tThe {estate} was large.\t\t2\tEnglish\t12\t\nsettle\t*\t\t\t5\tEnglish\t13\t\nreluctant\t\t\t\t99\tEnglish\t14\t\nnorland\t\t\t\t98\tEnglish\t15\t\n'
    expect(pairs(tsv)).toEqual({ format: 'lwt', words: ['estate:learning', 'settle:known', 'reluctant:known', 'norland:ignored'], skipped: 0 })
    // The translation is the hint; LWT's "*" is no translation.
    expect(parseWordList(tsv, 'known').words.slice(0, 2)).toEqual([
      { word: 'estate', status: 'learning', level: 2, hint: 'property' },
      { word: 'settle', status: 'known' },
    ])
  })

  it('reads our own export back with its levels and hints', () => {
    const csv = 'lemma,status,updated_at,level,hint\nrun,learning,2026-01-02T00:00:00.000Z,3,"to move fast, on foot"\nin spite of,known,2026-01-02T00:00:00.000Z,,trotz\n'
    expect(parseWordList(csv, 'known').words).toEqual([
      { word: 'run', status: 'learning', level: 3, hint: 'to move fast, on foot' },
      { word: 'in spite of', status: 'known', hint: 'trotz' },
    ])
  })

  it('refuses a file without words, and a table without a word column', () => {
    expect(() => parseWordList('\uFEFF\n  \n', 'known')).toThrow(VOCABULARY_MSG.importEmpty)
    expect(() => parseWordList('front,back\nestate,property\n', 'known')).toThrow(VOCABULARY_MSG.importNoWordColumn)
    expect(() => parseWordList('word,status\n', 'known')).toThrow(VOCABULARY_MSG.importEmpty)
  })

  // Lines past the limit were once counted as skipped and the rest imported, though docs/vocabulary.md says "up to 200,000 lines".
  it('takes a file of the line limit, blank lines and a final newline not counted, and refuses one line more whole', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`)
    const atLimit = parseWordList(`${lines(WORD_IMPORT_MAX_LINES).join('\n\n')}\r\n\n`, 'known')
    expect(atLimit.words).toHaveLength(WORD_IMPORT_MAX_LINES)
    expect(atLimit.skipped).toBe(0)
    expect(() => parseWordList(lines(WORD_IMPORT_MAX_LINES + 1).join('\n'), 'known')).toThrow(VOCABULARY_MSG.importTooManyLines)
    // The header of a table is a line of the file like any other.
    expect(() => parseWordList(`term,status\n${lines(WORD_IMPORT_MAX_LINES).map((w) => `${w},known`).join('\n')}\n`, 'known')).toThrow(VOCABULARY_MSG.importTooManyLines)
    expect(VOCABULARY_MSG.importTooManyLines).toContain(WORD_IMPORT_MAX_LINES.toLocaleString('en-US'))
  })
})

describe('levelFrom and hintFrom', () => {
  it('reads a stage of learning 1-4 and nothing else', () => {
    expect(['1', ' 4 ', '5', '0', 'known', '', undefined].map(levelFrom)).toEqual([1, 4, undefined, undefined, undefined, undefined, undefined])
  })

  it('keeps a hint as written, without control characters, at most 500 characters', () => {
    expect(hintFrom('  to put off \u0007\n(later) ')).toBe('to put off \n(later)')
    expect(hintFrom('*')).toBeUndefined()
    expect(hintFrom('   ')).toBeUndefined()
    expect(hintFrom('é'.repeat(600))).toBe('é'.repeat(500))
  })
})

describe('statusFrom', () => {
  it('maps the statuses of each tool to ours', () => {
    expect(['0', '1', '4', '5', '99', 'W', 'known', '98', 'I', 'ignored', 'x', ''].map(statusFrom)).toEqual([
      'new', 'learning', 'learning', 'known', 'known', 'known', 'known', 'ignored', 'ignored', 'ignored', undefined, undefined,
    ])
  })
})
