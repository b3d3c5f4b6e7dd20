import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import {
  formatStamp,
  lastStartedIndex,
  mergeSegments,
  nearestSegmentIndex,
  timelineTarget,
  MISSING_GAP_MS,
  nextTarget,
  prepareSegments,
  previousTarget,
  replayTarget,
  segmentIndexAt,
  toMs,
  transcriptWindowDue,
  windowHasHoles,
  WindowFetchPacer,
  wordIndexAt,
} from './segments'

const seg = (start: number, end: number, text = `s${start}`, words: Segment['word_timestamps'] = []): Segment => ({ start, end, text, word_timestamps: words })

// The demo article's layout: five sentences with 400 ms pauses between them.
const demo = [seg(0, 7100), seg(7500, 10490), seg(10890, 16190), seg(16590, 22640), seg(23040, 26330)]

describe('prepareSegments', () => {
  it('drops segments without text and sorts the rest by start', () => {
    const out = prepareSegments([seg(5000, 6000, 'b'), seg(1000, 2000, '   '), seg(0, 1000, 'a'), seg(3000, 4000, '')])
    expect(out.map((s) => s.text)).toEqual(['a', 'b'])
  })

  it('sorts words by start when they come out of order', () => {
    const [s] = prepareSegments([seg(0, 1000, 'a b', [{ word: 'b', start: 500, end: 900 }, { word: 'a', start: 0, end: 400 }])])
    expect(s!.word_timestamps.map((w) => w.word)).toEqual(['a', 'b'])
  })
})

describe('segmentIndexAt (current when start <= t < end)', () => {
  it.each([
    [0, 0],
    [7099, 0],
    [7100, -1], // end is exclusive
    [7300, -1], // in the pause
    [7500, 1], // start is inclusive
    [16000, 2],
    [26329, 4],
    [26330, -1],
    [99_000, -1],
    [-5, -1],
  ])('at %i ms -> %i', (ms, index) => {
    expect(segmentIndexAt(demo, ms)).toBe(index)
  })

  it('is -1 with no segments', () => {
    expect(segmentIndexAt([], 0)).toBe(-1)
  })

  it('agrees with a linear scan on a two-hour transcript', () => {
    const many: Segment[] = []
    for (let t = 0; t < 7_200_000; t += 3_700) many.push(seg(t, t + 3_000))
    for (let ms = 0; ms < 7_300_000; ms += 977) {
      expect(segmentIndexAt(many, ms)).toBe(many.findIndex((s) => s.start <= ms && ms < s.end))
    }
  })
})

describe('nearestSegmentIndex (timeline clicks)', () => {
  it('picks the segment under the point, else the closer neighbour', () => {
    expect(nearestSegmentIndex(demo, 3000)).toBe(0)
    expect(nearestSegmentIndex(demo, 7200)).toBe(0)
    expect(nearestSegmentIndex(demo, 7400)).toBe(1)
    expect(nearestSegmentIndex(demo, 99_000)).toBe(4)
    expect(nearestSegmentIndex([seg(5000, 6000)], 0)).toBe(0)
    expect(nearestSegmentIndex([], 0)).toBe(-1)
  })
})

describe('timelineTarget (timeline clicks)', () => {
  it('seeks to the start of the segment clicked, and to the time clicked in a gap', () => {
    expect(timelineTarget(demo, 3000)).toBe(0)
    expect(timelineTarget(demo, 7500)).toBe(7500)
    expect(timelineTarget(demo, 9000)).toBe(7500)
    // The gap after the first segment (7100-7500): the time clicked, not back to 0.
    expect(timelineTarget(demo, 7200)).toBe(7200)
    expect(timelineTarget(demo, 7400.4)).toBe(7400)
    expect(timelineTarget(demo, 99_000)).toBe(99_000)
    expect(timelineTarget([seg(5000, 6000)], 1000)).toBe(1000)
    expect(timelineTarget([], 1234)).toBe(1234)
  })
})

describe('lastStartedIndex', () => {
  it('finds the last item started at or before the time', () => {
    expect(lastStartedIndex(demo, -1)).toBe(-1)
    expect(lastStartedIndex(demo, 7300)).toBe(0)
    expect(lastStartedIndex(demo, 7500)).toBe(1)
    expect(lastStartedIndex(demo, 1e9)).toBe(4)
  })
})

describe('wordIndexAt', () => {
  const words = [
    { word: 'And', start: 150, end: 360 },
    { word: 'Mr.', start: 370, end: 620 },
    { word: 'John', start: 630, end: 990 },
    { word: 'pause', start: 2000, end: 2400 },
  ]
  it.each([
    [0, -1], // before the first word
    [150, 0],
    [359, 0],
    [365, 0], // a 10 ms gap is bridged
    [370, 1],
    [989, 2],
    [995, -1], // a one-second pause is not
    [2000, 3],
    [2400, -1], // after the last word
  ])('at %i ms -> %i', (ms, index) => {
    expect(wordIndexAt(words, ms)).toBe(index)
  })
})

describe('segment navigation', () => {
  it('next goes to the start of the following segment, from inside one or from a pause', () => {
    expect(nextTarget(demo, 0)).toBe(7500)
    expect(nextTarget(demo, 3000)).toBe(7500)
    expect(nextTarget(demo, 7300)).toBe(7500)
    expect(nextTarget(demo, 7500)).toBe(10890)
  })

  it('next skips 10 seconds when no segment follows, or there are none', () => {
    expect(nextTarget(demo, 24000)).toBe(34000)
    expect(nextTarget([], 1500)).toBe(11500)
  })

  it('previous goes to the segment before the current one', () => {
    expect(previousTarget(demo, 8000)).toBe(0)
    expect(previousTarget(demo, 10890)).toBe(7500)
    expect(previousTarget(demo, 25000)).toBe(16590)
  })

  it('previous from a pause goes to the segment just heard', () => {
    expect(previousTarget(demo, 7300)).toBe(0)
    expect(previousTarget(demo, 22800)).toBe(16590)
  })

  it('previous skips 10 seconds back (not below 0) when there is no earlier segment', () => {
    expect(previousTarget(demo, 4000)).toBe(0)
    expect(previousTarget([], 25_000)).toBe(15_000)
    expect(previousTarget([], 3_000)).toBe(0)
  })

  it('repeat goes to the start of the current segment, or of the one just heard', () => {
    expect(replayTarget(demo, 9000)).toBe(7500)
    expect(replayTarget(demo, 7500)).toBe(7500)
    expect(replayTarget(demo, 7300)).toBe(0)
    expect(replayTarget([], 25_000)).toBe(15_000)
  })

  it('takes media seconds read back a hair under a segment start as that start', () => {
    expect(toMs(7.4999999)).toBe(7500)
    expect(nextTarget(demo, toMs(7.4999999))).toBe(10890)
    expect(toMs(Number.NaN)).toBe(0)
  })
})

describe('mergeSegments', () => {
  it('adds new segments in start order', () => {
    const { segments, changed } = mergeSegments([seg(0, 1000), seg(5000, 6000)], [seg(2000, 3000)])
    expect(changed).toBe(true)
    expect(segments.map((s) => s.start)).toEqual([0, 2000, 5000])
  })

  it('keeps a known segment with the same start and end', () => {
    const known = [seg(0, 1000, 'known')]
    const { segments, changed } = mergeSegments(known, [seg(0, 1000, 'other')])
    expect(changed).toBe(false)
    expect(segments).toBe(known)
  })

  it('replaces a known segment whose text is empty', () => {
    const { segments, changed } = mergeSegments([seg(0, 1000, ''), seg(2000, 3000, 'x')], [seg(0, 1000, 'now with words', [{ word: 'now', start: 0, end: 200 }])])
    expect(changed).toBe(true)
    expect(segments[0]).toMatchObject({ text: 'now with words', word_timestamps: [{ word: 'now' }] })
    expect(segments).toHaveLength(2)
  })

  it('does not replace an empty one with another empty one', () => {
    expect(mergeSegments([seg(0, 1000, '')], [seg(0, 1000, '')]).changed).toBe(false)
  })

  it('does not add the same incoming segment twice', () => {
    expect(mergeSegments([], [seg(0, 1000), seg(0, 1000)]).segments).toHaveLength(1)
  })

  it('does not change its input', () => {
    const known = [seg(0, 1000, '')]
    mergeSegments(known, [seg(0, 1000, 'x'), seg(9, 10)])
    expect(known).toEqual([seg(0, 1000, '')])
  })
})

describe('transcriptWindowDue', () => {
  const state = (status: TranscriptionStatus['status']): TranscriptionStatus => ({ status, progress: 50, confidence: 'aligned' })

  it('asks again while the transcript is still being made, though the segments shown look whole', () => {
    // A publisher's text being fitted: its last words (past the end of the audio) come only when the job is done.
    expect(transcriptWindowDue(demo, state('running'), 0, 30_000, 26_800)).toBe(true)
    expect(transcriptWindowDue(demo, state('pending'), 0, 30_000, 26_800)).toBe(true)
  })

  it('once it is done (or failed, or never asked for), only for holes', () => {
    for (const status of ['done', 'failed', 'none'] as const) {
      expect(transcriptWindowDue(demo, state(status), 0, 30_000, 26_800)).toBe(false)
      expect(transcriptWindowDue([], state(status), 0, 30_000, 600_000)).toBe(true)
    }
    expect(transcriptWindowDue(demo, undefined, 0, 30_000, 26_800)).toBe(false)
  })
})

describe('windowHasHoles', () => {
  it('is false when segments cover the window with ordinary pauses', () => {
    expect(windowHasHoles(demo, 0, 30_000, 26_800)).toBe(false)
    expect(windowHasHoles(demo, 12_000, 30_000, 26_800)).toBe(false)
  })

  it('is true with no segments at all', () => {
    expect(windowHasHoles([], 0, 30_000, 600_000)).toBe(true)
  })

  it('is true when the known segments stop before the window ends', () => {
    expect(windowHasHoles(demo, 10_000, 30_000, 600_000)).toBe(true)
  })

  it('is true for a long stretch without segments inside the window', () => {
    const gappy = [seg(0, 5000), seg(5000 + MISSING_GAP_MS + 1, 40_000)]
    expect(windowHasHoles(gappy, 0, 30_000, 600_000)).toBe(true)
    expect(windowHasHoles(gappy, 14_000, 30_000, 600_000)).toBe(false)
  })

  it('is true when a segment in the window has no text yet', () => {
    expect(windowHasHoles([seg(0, 10_000), seg(10_000, 20_000, ''), seg(20_000, 40_000)], 0, 30_000, 40_000)).toBe(true)
    expect(windowHasHoles([seg(0, 10_000), seg(10_000, 20_000, ''), seg(20_000, 40_000)], 21_000, 30_000, 40_000)).toBe(false)
  })

  it('near the end of the media only a segment without text counts', () => {
    expect(windowHasHoles([seg(0, 1000)], 55_000, 30_000, 60_000)).toBe(false)
    expect(windowHasHoles([seg(55_000, 58_000, '')], 55_500, 30_000, 60_000)).toBe(true)
  })

  it('without a known duration looks the full window ahead', () => {
    expect(windowHasHoles([seg(0, 10_000)], 0, 30_000, 0)).toBe(true)
    expect(windowHasHoles([seg(0, 10_000)], 0, 30_000, 12_000)).toBe(false)
  })
})

describe('WindowFetchPacer', () => {
  it('lets a fetch out at most every 2 seconds, and one at a time', () => {
    const p = new WindowFetchPacer(2000)
    expect(p.tryStart(0)).toBe(true)
    expect(p.tryStart(5000)).toBe(false) // still in flight
    p.finish(true)
    expect(p.tryStart(1999)).toBe(false)
    expect(p.tryStart(2000)).toBe(true)
  })

  it('backs off while nothing new arrives and resets on news or a seek', () => {
    const p = new WindowFetchPacer(2000, 8000)
    let now = 0
    expect(p.tryStart(now)).toBe(true)
    p.finish(false) // wait 4 s now
    expect(p.tryStart((now += 2000))).toBe(false)
    expect(p.tryStart((now += 2000))).toBe(true)
    p.finish(false) // 8 s
    expect(p.tryStart((now += 4000))).toBe(false)
    expect(p.tryStart((now += 4000))).toBe(true)
    p.finish(false) // capped at 8 s
    expect(p.tryStart((now += 8000))).toBe(true)
    p.finish(false)
    p.reset()
    expect(p.tryStart((now += 1999))).toBe(false)
    expect(p.tryStart((now += 1))).toBe(true)
    p.finish(true)
    expect(p.tryStart((now += 2000))).toBe(true)
  })
})

describe('formatStamp', () => {
  it('writes milliseconds as m:ss', () => {
    expect(formatStamp(0)).toBe('0:00')
    expect(formatStamp(7500)).toBe('0:07')
    expect(formatStamp(65_999)).toBe('1:05')
    expect(formatStamp(3_600_000)).toBe('60:00')
  })
})
