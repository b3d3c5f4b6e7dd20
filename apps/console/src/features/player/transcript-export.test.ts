import { describe, expect, it } from 'vitest'
import { clock, exportFileName, toSrt, toWebVtt } from './transcript-export'

const segments = [
  { start: 200, end: 2500, text: 'Hello <world> & you', word_timestamps: [
    { word: 'Hello', start: 200, end: 700 },
    { word: '<world>', start: 800, end: 1400 },
    { word: '&', start: 1500, end: 1600 },
    { word: 'you', start: 1700, end: 2500 },
  ] },
  { start: 3_723_004, end: 3_725_000, text: 'No word times', word_timestamps: [] },
]

describe('transcript export', () => {
  it('writes clock times for both formats', () => {
    expect(clock(3_723_004, '.')).toBe('01:02:03.004')
    expect(clock(-5, ',')).toBe('00:00:00,000')
  })

  it('writes WebVTT with a timestamp before every word, escaping markup', () => {
    expect(toWebVtt(segments)).toBe(
      'WEBVTT\n\n1\n00:00:00.200 --> 00:00:02.500\nHello <00:00:00.800>&lt;world> <00:00:01.500>&amp; <00:00:01.700>you\n\n2\n01:02:03.004 --> 01:02:05.000\nNo word times\n',
    )
  })

  it('writes SRT with comma times and plain lines', () => {
    expect(toSrt(segments)).toBe('1\n00:00:00,200 --> 00:00:02,500\nHello <world> & you\n\n2\n01:02:03,004 --> 01:02:05,000\nNo word times\n')
  })

  it('names the file after the article', () => {
    expect(exportFileName('Sense and Sensibility, Chapter 1 (excerpt)', 'vtt')).toBe('Sense-and-Sensibility-Chapter-1-excerpt.vtt')
    expect(exportFileName('???', 'srt')).toBe('transcript.srt')
  })
})
