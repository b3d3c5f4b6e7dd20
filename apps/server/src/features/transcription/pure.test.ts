import { describe, expect, it } from 'vitest'
import { parseSilences } from './audio'
import { nextChunk, planCueChunks, planRecognitionChunks } from './chunks'
import { parseTranscript, transcriptFormat } from './cues'
import { segmentWords } from './segmenter'
import { parseHypseg } from './sphinx'
import { capStretchedWords, snapToSilences, spread, timeTokens } from './timing'
import { knownOnly, tokenize } from './words'

describe('transcript files', () => {
  it('reads SRT cues with commas, skipping a broken block', () => {
    const srt = '1\r\n00:00:01,500 --> 00:00:03,000\r\nHello <i>there</i>,\r\nfriend.\r\n\r\n2\r\nnot a time\r\nlost\r\n\r\n3\r\n00:01:02,000 --> 00:01:04,250\r\nBye &amp; thanks\r\n'
    expect(parseTranscript(srt, 'srt')).toEqual([
      { start: 1500, end: 3000, text: 'Hello there, friend.' },
      { start: 62000, end: 64250, text: 'Bye & thanks' },
    ])
  })

  it('keeps a cue of no length (and one that ends before it starts) with its start: its words are spoken', () => {
    const srt = '1\n00:00:01,000 --> 00:00:01,000\nNo length.\n\n2\n00:00:03,000 --> 00:00:02,000\nBackwards.\n'
    expect(parseTranscript(srt, 'srt')).toEqual([
      { start: 1000, end: 1000, text: 'No length.' },
      { start: 3000, end: 3000, text: 'Backwards.' },
    ])
    const json = JSON.stringify({ segments: [{ startTime: 2, endTime: 2, body: 'Here.' }] })
    expect(parseTranscript(json, 'json')).toEqual([{ start: 2000, end: 2000, text: 'Here.' }])
  })

  it('reads WebVTT with hours, voice spans and settings', () => {
    const vtt = 'WEBVTT\n\nNOTE a note\n\n01:00:00.000 --> 01:00:02.500 align:start\n<v Anna>Good morning.</v>\n'
    expect(parseTranscript(vtt, 'vtt')).toEqual([{ start: 3_600_000, end: 3_602_500, text: 'Good morning.' }])
  })

  it('reads the podcast JSON format in seconds, and keeps untimed bodies as untimed cues', () => {
    const json = JSON.stringify({ version: '1.0.0', segments: [{ startTime: 0.5, endTime: 1.25, body: 'One' }, { body: 'Two' }, { startTime: 'x' }] })
    expect(parseTranscript(json, 'json')).toEqual([{ start: 500, end: 1250, text: 'One' }, { text: 'Two' }])
    expect(parseTranscript('{not json', 'json')).toEqual([])
  })

  it('reads HTML paragraphs as untimed cues and picks the format from a type or name', () => {
    expect(parseTranscript('<p>First <b>one</b>.</p><p>Second.</p>', 'html')).toEqual([{ text: 'First one.' }, { text: 'Second.' }])
    expect([transcriptFormat('text/vtt'), transcriptFormat('application/x-subrip'), transcriptFormat('x.SRT'), transcriptFormat('application/json'), transcriptFormat('text/html')]).toEqual(['vtt', 'srt', 'srt', 'json', 'html'])
  })
})

describe('transcript files with U+0000', () => {
  it('drops it from SRT, VTT, JSON (escaped) and HTML text, so the cues can be stored', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\nHel\u0000lo\n\n2\n00:00:03,000 --> 00:00:04,000\n\u0000\n'
    expect(parseTranscript(srt, 'srt')).toEqual([{ start: 1000, end: 2000, text: 'Hello' }])
    const json = JSON.stringify({ version: '1.0.0', segments: [{ startTime: 1, endTime: 2, body: 'Wor\u0000ld' }] })
    expect(parseTranscript(json, 'json')).toEqual([{ start: 1000, end: 2000, text: 'World' }])
    expect(parseTranscript('<p>A\u0000B</p>', 'html')).toEqual([{ text: 'AB' }])
  })
})

describe('words and timings', () => {
  it('keeps display words whole and speaks them as dictionary words', () => {
    expect(tokenize('Mr. Dashwood, ill-disposed; 1984 — “Don’t”').map((t) => [t.text, t.spoken])).toEqual([
      ['Mr.', ['mr']],
      ['Dashwood,', ['dashwood']],
      ['ill-disposed;', ['ill', 'disposed']],
      ['1984', []],
      ['“Don’t”', ["don't"]],
    ])
  })

  it('maps aligned words back to display words and interpolates the unknown ones', () => {
    const tokens = knownOnly(tokenize('the Zyxwv ill-disposed man'), (w) => w !== 'zyxwv')
    const placed = [
      { word: 'the', start: 100, end: 200 },
      { word: 'ill', start: 600, end: 700 },
      { word: 'disposed', start: 700, end: 1000 },
      { word: 'man', start: 1000, end: 1300 },
    ]
    const { words, aligned } = timeTokens(tokens, placed, 0, 1500)
    expect(aligned).toBe(true)
    expect(words).toEqual([
      { word: 'the', start: 100, end: 200 },
      { word: 'Zyxwv', start: 200, end: 600 },
      { word: 'ill-disposed', start: 600, end: 1000 },
      { word: 'man', start: 1000, end: 1300 },
    ])
  })

  it('spreads the window over the words when the alignment does not line up', () => {
    const tokens = tokenize('aa bb')
    const { words, aligned } = timeTokens(tokens, [{ word: 'aa', start: 0, end: 5 }], 1000, 2000)
    expect(aligned).toBe(false)
    expect(words).toEqual(spread(tokens, 1000, 2000))
    expect(words.map((w) => [w.start, w.end])).toEqual([[1000, 1500], [1500, 2000]])
  })

  it('reads pocketsphinx -hypseg output, dropping silences and folding alternates', () => {
    const out = parseHypseg('utt S 0 T -100 A -90 L -10 0 -1 0 <sil> 20 -2 0 and(2) 37 -3 0 mr 63 -4 0 </s>\n')
    expect(out?.placed).toEqual([
      { word: 'and', start: 200, end: 370 },
      { word: 'mr', start: 370, end: 630 },
    ])
    expect(parseHypseg('')).toBeUndefined()
  })

  it('reads ffmpeg silencedetect output', () => {
    const log = '[silencedetect @ 0x1] silence_start: 1.5\n[silencedetect @ 0x1] silence_end: 2.25 | silence_duration: 0.75\nsilence_start: -0.01\nsilence_end: 0.4 | x'
    expect(parseSilences(log)).toEqual([{ start: 1500, end: 2250 }, { start: 0, end: 400 }])
  })
})

describe('word edges and pauses', () => {
  it('moves a start that lies in a pause to its end, and an end that lies in one to its start', () => {
    const words = [
      { word: 'before', start: 1000, end: 2300 },
      { word: 'after', start: 2100, end: 3000 },
      { word: 'clear', start: 3100, end: 3500 },
    ]
    expect(snapToSilences(words, [{ start: 2000, end: 2500 }])).toEqual([
      { word: 'before', start: 1000, end: 2000 },
      { word: 'after', start: 2500, end: 3000 },
      { word: 'clear', start: 3100, end: 3500 },
    ])
  })
})

describe('words stretched over sound that is not speech', () => {
  const w = (word: string, start: number, end: number) => ({ word, start, end })
  it('keeps the end of a first word stretched over an intro, so it lights up with its speech', () => {
    const out = capStretchedWords([w('And', 0, 10_340), w('Mister', 10_340, 10_700)])
    expect(out[0]).toEqual(w('And', 9_840, 10_340))
    expect(out[1]).toEqual(w('Mister', 10_340, 10_700))
  })
  it('keeps the start of the last word of a phrase stretched over what follows it, and the end after a phrase end', () => {
    const out = capStretchedWords([w('the', 0, 200), w('end.', 200, 6_200), w('Then', 6_200, 9_000), w('more', 9_000, 9_300)])
    expect(out[1]).toEqual(w('end.', 200, 700))
    expect(out[2]).toEqual(w('Then', 8_500, 9_000))
  })
  it('leaves spoken words alone, long ones by their letters', () => {
    const words = [w('a', 0, 450), w('extraordinarily', 700, 2_500), w('slow', 2_500, 2_950)]
    expect(capStretchedWords(words)).toEqual(words)
  })
})

describe('segments', () => {
  const w = (word: string, start: number, end: number) => ({ word, start, end })

  it('ends a segment at a sentence end once it is 2 s long, not after an abbreviation', () => {
    const words = [w('Hi.', 0, 300), w('Mr.', 400, 700), w('Smith', 700, 1500), w('came.', 1500, 2500), w('Then', 2600, 3000), w('left.', 3000, 4700)]
    expect(segmentWords(words).map((s) => s.text)).toEqual(['Hi. Mr. Smith came.', 'Then left.'])
  })

  it('ends unpunctuated recognised words at a pause, and never lets a segment pass 15 s', () => {
    const pause = [w('a', 0, 1000), w('b', 1000, 2100), w('c', 2600, 3000)]
    expect(segmentWords(pause).map((s) => s.text)).toEqual(['a b', 'c'])
    const long = Array.from({ length: 40 }, (_, i) => w(`w${i}`, i * 1000, i * 1000 + 900 + (i === 9 ? 0 : 100)))
    const segs = segmentWords(long)
    expect(segs.every((s) => s.end - s.start <= 15_000)).toBe(true)
    expect(segs.flatMap((s) => s.word_timestamps)).toEqual(long)
  })
})

describe('chunks', () => {
  it('cuts recognition chunks inside silences near 25 s, covering the whole audio', () => {
    const chunks = planRecognitionChunks(80_000, [{ start: 24_000, end: 24_600 }, { start: 51_000, end: 51_400 }])
    expect(chunks.map((c) => [c.start, c.end])).toEqual([[0, 24_300], [24_300, 51_200], [51_200, 80_000]])
    expect(planRecognitionChunks(100_000, []).map((c) => c.end)).toEqual([25_000, 50_000, 75_000, 100_000])
  })

  it('groups cues up to 25 s; windows reach 2.5 s past the cues (times are hints), cores halfway to the neighbours', () => {
    const cues = [
      { start: 0, end: 10_000, text: 'a' },
      { start: 10_200, end: 20_000, text: 'b' },
      { start: 30_000, end: 40_000, text: 'c' },
    ]
    expect(planCueChunks(cues, 41_000)).toEqual([
      { index: 0, start: 0, end: 22_500, text: 'a b', cues: cues.slice(0, 2), core: { start: 0, end: 25_000 } },
      { index: 1, start: 27_500, end: 41_000, text: 'c', cues: cues.slice(2), core: { start: 25_000, end: 41_000 } },
    ])
  })

  it('keeps a cue that starts after the audio ends in the last chunk, moved to the end', () => {
    const cues = [
      { start: 1000, end: 4000, text: 'a' },
      { start: 9000, end: 9500, text: 'late' },
    ]
    const [chunk] = planCueChunks(cues, 8000)
    expect(chunk).toMatchObject({ start: 0, end: 8000, text: 'a late', core: { start: 0, end: 8000 } })
    expect(chunk!.cues!.at(-1)).toEqual({ start: 8000, end: 8000, text: 'late' })
  })

  it('works from the play position first, then wraps to the start', () => {
    const chunks = planRecognitionChunks(100_000, [])
    expect(nextChunk(chunks, new Set(), 60_000)?.index).toBe(2)
    expect(nextChunk(chunks, new Set([2, 3]), 60_000)?.index).toBe(0)
    expect(nextChunk(chunks, new Set([0, 1, 2, 3]), null)).toBeUndefined()
  })
})
