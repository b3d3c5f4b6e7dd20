import { describe, expect, it } from 'vitest'
import { windows1252 } from '../../../../../test/legacy-feed'
import { INLINE_MAX_BYTES } from '../../lib/worker-pool'
import { cuesFromBytes, readTranscriptCues } from './transcript-cues'

describe('readTranscriptCues', () => {
  const line = (i: number) => `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')}.000 --> 00:00:${String(i % 60).padStart(2, '0')}.900\n“Déjà vu” – it’s 5 € at the café, line ${i + 1}\n\n`
  /** A publisher's VTT of 800 cues saved by a Windows editor, served with no charset. */
  const bytes = windows1252(`WEBVTT\n\n${Array.from({ length: 800 }, (_, i) => line(i)).join('')}`)

  it("reads a large publisher transcript's cues on a worker thread with their characters, as in place", async () => {
    expect(bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES)
    const cues = await readTranscriptCues(bytes, 'text/vtt', 'vtt')
    expect(cues).toHaveLength(800)
    expect(cues[0]).toMatchObject({ start: 0, end: 900, text: '“Déjà vu” – it’s 5 € at the café, line 1' })
    expect(cues).toEqual(cuesFromBytes(bytes, 'text/vtt', 'vtt'))
  })
})
