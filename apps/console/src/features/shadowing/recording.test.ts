import { describe, expect, it } from 'vitest'
import { createSilenceStop, microphoneErrorMessage, MIC_MESSAGES, pickRecorderType, rms } from './recording'

describe('recording a take', () => {
  it('asks for Opus in WebM, else in Ogg', () => {
    expect(pickRecorderType(() => true)).toBe('audio/webm;codecs=opus')
    expect(pickRecorderType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus')
    expect(pickRecorderType(() => false)).toBeUndefined()
  })

  it('measures the level of a block', () => {
    expect(rms(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5)
    expect(rms(new Float32Array(0))).toBe(0)
  })

  it('stops 1.2 s after speech ends, never before any speech, and not for a click', () => {
    const stop = createSilenceStop()
    // Silence before speaking: waits however long it takes.
    for (let t = 0; t <= 5000; t += 50) expect(stop(0.001, t)).toBe(false)
    // A click: too short to be speech.
    expect(stop(0.3, 5050)).toBe(false)
    for (let t = 5100; t <= 7000; t += 50) expect(stop(0.001, t)).toBe(false)
    // Speech for a second, then quiet.
    for (let t = 7050; t <= 8050; t += 50) expect(stop(0.1, t)).toBe(false)
    expect(stop(0.001, 8100)).toBe(false)
    expect(stop(0.001, 9200)).toBe(false)
    expect(stop(0.001, 9300)).toBe(true)
  })

  it('says why there is no recording', () => {
    expect(microphoneErrorMessage(new DOMException('x', 'NotAllowedError'))).toBe(MIC_MESSAGES.refused)
    expect(microphoneErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(MIC_MESSAGES.none)
    expect(microphoneErrorMessage(new DOMException('x', 'NotReadableError'))).toBe(MIC_MESSAGES.busy)
    expect(microphoneErrorMessage(new TypeError('no mediaDevices'))).toBe(MIC_MESSAGES.unsupported)
  })
})
