import { QueryClient } from '@tanstack/react-query'
import type { Segment, TranscriptionStatus } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { mergeWindow, segmentsQuery } from './api'

const seg = (start: number, end: number, text: string): Segment => ({ start, end, text, word_timestamps: [] })
const running = (progress: number): TranscriptionStatus => ({ status: 'running', progress, confidence: 'aligned' })
const ADDRESS = '/uploads/memo.wav'

function clientWith(segments: Segment[], transcription: TranscriptionStatus) {
  const client = new QueryClient()
  client.setQueryData(segmentsQuery(ADDRESS).queryKey, { segments, transcription })
  return client
}

describe('mergeWindow', () => {
  it('says a window changed things when the job moved on, though no segment is new, so the next is asked for soon', () => {
    const client = clientWith([seg(0, 5000, 'Hello there.')], running(40))
    expect(mergeWindow(client, ADDRESS, { segments: [seg(0, 5000, 'Hello there.')], transcription: running(70) })).toBe(true)
    expect(client.getQueryData(segmentsQuery(ADDRESS).queryKey)?.transcription?.progress).toBe(70)
    expect(mergeWindow(client, ADDRESS, { segments: [seg(0, 5000, 'Hello there.')], transcription: running(70) })).toBe(false)
  })

  it('adds the words the finished job placed last, and keeps its final state', () => {
    const client = clientWith([seg(0, 5000, 'Hello there.')], running(90))
    const done: TranscriptionStatus = { status: 'done', progress: 100, confidence: 'aligned' }
    expect(mergeWindow(client, ADDRESS, { segments: [seg(0, 5000, 'Hello there.'), seg(26_000, 27_000, 'Thanks for listening.')], transcription: done })).toBe(true)
    const data = client.getQueryData(segmentsQuery(ADDRESS).queryKey)!
    expect(data.segments.map((s) => s.text)).toEqual(['Hello there.', 'Thanks for listening.'])
    expect(data.transcription?.status).toBe('done')
  })
})
