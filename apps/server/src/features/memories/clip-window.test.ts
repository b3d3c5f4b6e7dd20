import { describe, expect, it } from 'vitest'
import { CLIP_PAD_AFTER_MS, CLIP_PAD_BEFORE_MS, clipWindow } from './clip-window'

const w = (word: string, start: number, end: number) => ({ word, start, end })
// Three sentences with pauses between them, as the demo article has them.
const words = [w('He', 7710, 7900), w('was', 7950, 8200), w('not', 8250, 8600), w('unless', 11140, 11500), w('to', 11550, 11700), w('be', 11750, 12000), w('Had', 16810, 17100)]

describe('clipWindow', () => {
  it('pads the sentence a little each side when a pause surrounds it', () => {
    expect(clipWindow(words, 10890, 16190)).toEqual({ startMs: 11140 - CLIP_PAD_BEFORE_MS, endMs: 12000 + CLIP_PAD_AFTER_MS })
  })

  it('never reaches into the neighbouring words when there is no pause', () => {
    const tight = [w('one', 0, 500), w('two', 520, 900), w('three', 910, 1400), w('four', 1450, 2000)]
    expect(clipWindow(tight, 510, 1420)).toEqual({ startMs: 500, endMs: 1450 })
  })

  it('takes the words whose middle is in the stretch asked, so a loose segment edge does not add a word', () => {
    // The stretch starts inside 'not' (middle 8425 is before it): 'not' stays out.
    expect(clipWindow(words, 8500, 12100)).toEqual({ startMs: 11140 - CLIP_PAD_BEFORE_MS, endMs: 12200 })
  })

  it('starts at 0 at the start of the media, and has no end bound after the last word', () => {
    expect(clipWindow([w('Hi', 50, 300)], 0, 400)).toEqual({ startMs: 0, endMs: 300 + CLIP_PAD_AFTER_MS })
  })

  it('finds nothing where no word was transcribed', () => {
    expect(clipWindow(words, 13000, 16000)).toBeUndefined()
    expect(clipWindow([], 0, 1000)).toBeUndefined()
  })

  it('does not depend on the order the words come in', () => {
    expect(clipWindow([...words].reverse(), 10890, 16190)).toEqual(clipWindow(words, 10890, 16190))
  })
})
