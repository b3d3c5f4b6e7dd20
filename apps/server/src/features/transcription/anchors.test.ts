import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeEpisode } from '../../../../../test/speech'
import { alignChunk, anchorCues } from './align'
import { bigramArpa, cuesFromAnchors, findAnchors } from './anchors'
import { decodeToPcm, findSilences } from './audio'
import { planCueChunks } from './chunks'
import { DEFAULT_MODEL_DIR, loadDictionary } from './sphinx'
import { snapToSilences } from './timing'
import { tokenize } from './words'

const w = (word: string, start: number) => ({ word, start, end: start + 100 })

describe('anchors for untimed text', () => {
  it('writes a bigram model pocketsphinx can read', () => {
    const arpa = bigramArpa(['a', 'b', 'a'])
    expect(arpa).toContain('\\data\\\nngram 1=4\nngram 2=4\n')
    expect(arpa).toMatch(/\n-99 <s> /)
    expect(arpa).toMatch(/\n-0\.\d+ a b\n/)
    expect(arpa.trim().endsWith('\\end\\')).toBe(true)
  })

  it('keeps only word triples unique in the text, in order on both sides', () => {
    const text = 'the cat sat on the mat and the cat ran off the mat'.split(' ')
    const heard = [w('cat', 100), w('sat', 200), w('on', 300), w('ran', 400), w('off', 500), w('the', 600), w('mat', 650), w('sat', 700), w('on', 800), w('the', 900)]
    // "the cat" and "the mat" are not unique; "sat on the" (text 2) heard last is out of order.
    expect(findAnchors(text, heard)).toEqual([
      { index: 1, start: 100 },
      { index: 9, start: 400 },
      { index: 10, start: 500 },
    ])
  })

  it('cuts at sentence ends placed between anchors and moved into the nearest pause', () => {
    const tokens = tokenize('One two. Three four. Five six.')
    // Anchors: "three" at 4 s, "five" at 8 s. Pauses at 3.4-3.8 s and 7.0-7.4 s; none near the end of "six."
    const cues = cuesFromAnchors(tokens, [{ index: 2, start: 4000 }, { index: 4, start: 8000 }], [{ start: 3400, end: 3800 }, { start: 7000, end: 7400 }], 12_000)
    expect(cues).toEqual([
      { start: 0, end: 3600, text: 'One two.' },
      { start: 3600, end: 7200, text: 'Three four.' },
      { start: 7200, end: 12_000, text: 'Five six.' },
    ])
    // With no pause within reach of a sentence end, the sentences stay together.
    expect(cuesFromAnchors(tokens, [], [], 12_000)).toEqual([{ start: 0, end: 12_000, text: 'One two. Three four. Five six.' }])
  })
})

describe('untimed text on a 90-second recording (the job does this from 3 minutes up)', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-anchors-'))
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('times nearly every sentence inside the span where it was spoken', async () => {
    const episode = await makeEpisode(work, 1.5)
    const pcm = path.join(work, 'a.pcm')
    const durationMs = await decodeToPcm(episode.file, pcm)
    const options = { dictionary: await loadDictionary(), modelDir: DEFAULT_MODEL_DIR, workDir: work }
    // As an HTML transcript gives it: the text, no times.
    const untimed = [{ text: episode.cues.map((c) => c.text).join(' ') }]
    const cues = await anchorCues(pcm, untimed, durationMs, await findSilences(pcm), options)
    expect(cues.length).toBeGreaterThan(4)
    const silences = await findSilences(pcm)
    const words = []
    for (const chunk of planCueChunks(cues, durationMs)) words.push(...snapToSilences((await alignChunk(pcm, chunk, options)).words, silences))
    expect(words.map((x) => x.word).join(' ')).toBe(episode.cues.map((c) => c.text).join(' '))
    let i = 0
    let right = 0
    for (const cue of episode.cues) {
      const n = tokenize(cue.text).length
      const mine = words.slice(i, i + n)
      i += n
      if (mine.every((x) => (x.start + x.end) / 2 >= cue.start - 100 && (x.start + x.end) / 2 <= cue.end + 100)) right++
    }
    expect(right / episode.cues.length).toBeGreaterThan(0.95)
  }, 120_000)
})
