import type { StoredCue, StoredWord } from '../../db/schema'
import type { DisplayToken } from './words'

/**
 * Untimed text on long audio (an HTML or plain transcript of an hour-long
 * episode): a first recognition pass with a language model made from the
 * text itself finds anchors, words it heard in the same order as the text;
 * the text is then cut at anchors into timed cues of about 25 s, which the
 * aligner times word by word like any SRT.
 */

/** A bigram language model of the text, in the ARPA format pocketsphinx reads (-lm file.arpa). */
export function bigramArpa(words: string[]): string {
  const sentence = ['<s>', ...words, '</s>']
  const unigrams = new Map<string, number>()
  const bigrams = new Map<string, number>()
  const followers = new Map<string, number>()
  for (let i = 0; i < sentence.length; i++) {
    unigrams.set(sentence[i]!, (unigrams.get(sentence[i]!) ?? 0) + 1)
    if (i > 0) {
      const key = `${sentence[i - 1]} ${sentence[i]}`
      if (!bigrams.has(key)) followers.set(sentence[i - 1]!, (followers.get(sentence[i - 1]!) ?? 0) + 1)
      bigrams.set(key, (bigrams.get(key) ?? 0) + 1)
    }
  }
  const total = sentence.length
  const D = 0.5
  const log = (p: number) => Math.log10(Math.max(p, 1e-99)).toFixed(4)
  const lines = ['\\data\\', `ngram 1=${unigrams.size}`, `ngram 2=${bigrams.size}`, '', '\\1-grams:']
  for (const [w, c] of unigrams) {
    // Absolute discounting: the mass taken from seen bigrams goes to the unigram backoff.
    const backoff = ((followers.get(w) ?? 0) * D) / c
    lines.push(`${w === '<s>' ? '-99' : log(c / total)} ${w} ${log(Math.max(backoff, 1e-6))}`)
  }
  lines.push('', '\\2-grams:')
  for (const [key, c] of bigrams) lines.push(`${log((c - D) / unigrams.get(key.split(' ')[0]!)!)} ${key}`)
  lines.push('', '\\end\\', '')
  return lines.join('\n')
}

export interface Anchor {
  /** Index into the text's spoken words. */
  index: number
  start: number
}

/**
 * Places where three recognised words in a row occur exactly once in the
 * text, kept only in increasing order on both sides (the longest such chain).
 */
export function findAnchors(text: string[], heard: StoredWord[]): Anchor[] {
  const key = (a: string, b: string, c: string) => `${a} ${b} ${c}`
  const where = new Map<string, number>()
  for (let i = 0; i + 2 < text.length; i++) {
    const k = key(text[i]!, text[i + 1]!, text[i + 2]!)
    where.set(k, where.has(k) ? -1 : i)
  }
  const candidates: Anchor[] = []
  for (let j = 0; j + 2 < heard.length; j++) {
    const at = where.get(key(heard[j]!.word, heard[j + 1]!.word, heard[j + 2]!.word))
    if (at !== undefined && at >= 0) candidates.push({ index: at, start: heard[j]!.start })
  }
  return longestIncreasing(candidates)
}

/** Longest chain increasing in text index (candidates come in time order): patience sorting, O(n log n). */
function longestIncreasing(items: Anchor[]): Anchor[] {
  const tails: number[] = []
  const prev = new Array<number>(items.length).fill(-1)
  for (let i = 0; i < items.length; i++) {
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (items[tails[mid]!]!.index < items[i]!.index) lo = mid + 1
      else hi = mid
    }
    if (lo > 0) prev[i] = tails[lo - 1]!
    tails[lo] = i
  }
  const out: Anchor[] = []
  for (let i = tails.at(-1) ?? -1; i >= 0; i = prev[i]!) out.push(items[i]!)
  return out.reverse()
}

/**
 * Timed cues from the text, its anchors and the pauses in the audio: every
 * sentence end is placed in time by interpolating between the anchors around
 * it, then moved to the middle of the nearest pause (within `reachMs`); the
 * text is cut there. A sentence end with no pause near it is not a cut, so
 * a cue never starts in the middle of speech.
 */
export function cuesFromAnchors(tokens: DisplayToken[], anchors: Anchor[], silences: ReadonlyArray<{ start: number; end: number }>, durationMs: number, reachMs = 1_500): StoredCue[] {
  // Spoken-word index -> display-token index, and where each token's words begin.
  const firstSpoken: number[] = []
  let count = 0
  for (const t of tokens) {
    firstSpoken.push(count)
    count += t.spoken.length
  }
  const known = [{ index: 0, start: 0 }, ...anchors, { index: count, start: durationMs }]
  const timeOf = (spokenIndex: number) => {
    let k = 0
    while (k + 1 < known.length - 1 && known[k + 1]!.index <= spokenIndex) k++
    const a = known[k]!
    const b = known[k + 1]!
    return b.index === a.index ? a.start : a.start + ((b.start - a.start) * (spokenIndex - a.index)) / (b.index - a.index)
  }
  const mids = silences.map((p) => (p.start + p.end) / 2)
  const cuts: Array<{ token: number; at: number }> = [{ token: 0, at: 0 }]
  for (let k = 0; k + 1 < tokens.length; k++) {
    if (!/[.!?]["')\]\u201d\u2019]*$/.test(tokens[k]!.text)) continue
    const estimate = timeOf(firstSpoken[k + 1]!)
    const near = mids.reduce<number | undefined>((best, m) => (Math.abs(m - estimate) <= reachMs && (best === undefined || Math.abs(m - estimate) < Math.abs(best - estimate)) ? m : best), undefined)
    if (near !== undefined && near > cuts.at(-1)!.at) cuts.push({ token: k + 1, at: Math.round(near) })
  }
  cuts.push({ token: tokens.length, at: durationMs })
  const cues: StoredCue[] = []
  for (let i = 0; i + 1 < cuts.length; i++) {
    const text = tokens.slice(cuts[i]!.token, cuts[i + 1]!.token).map((t) => t.text).join(' ')
    if (text) cues.push({ start: cuts[i]!.at, end: cuts[i + 1]!.at, text })
  }
  return cues
}
