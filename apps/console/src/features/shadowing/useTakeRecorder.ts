import { SHADOW_TAKE_MAX_MS } from '@lingocast/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { createSilenceStop, microphoneErrorMessage, MIC_MESSAGES, pickRecorderType, rms } from './recording'

/**
 * Records one take from the microphone: permission is asked only when
 * `start` is called; a level (0..1) for the meter while recording; stops by
 * itself after speech and then ~1.2 s of quiet, at the length limit, or on
 * `stop`. `onRecorded` gets the recording once it is complete.
 */
export function useTakeRecorder(onRecorded: (recording: Blob) => void) {
  const [recording, setRecording] = useState(false)
  const [level, setLevel] = useState(0)
  const [error, setError] = useState<string>()
  const stopRef = useRef<(() => void) | undefined>(undefined)
  const cancelRef = useRef<(() => void) | undefined>(undefined)
  const done = useRef(onRecorded)
  useEffect(() => {
    done.current = onRecorded
  })
  // Leaving (the dialog closed) never sends a half take: the microphone is released, the recording dropped.
  useEffect(() => () => cancelRef.current?.(), [])

  const start = useCallback(async (): Promise<boolean> => {
    setError(undefined)
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setError(MIC_MESSAGES.unsupported)
      return false
    }
    let stream: MediaStream
    try {
      // The voice as it is: noise suppression and echo cancellation smear the sounds the score listens for
      // (nothing plays while the take is recorded, so there is no echo to cancel).
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } })
    } catch (e) {
      setError(microphoneErrorMessage(e))
      return false
    }
    let recorder: MediaRecorder
    const type = pickRecorderType((t) => MediaRecorder.isTypeSupported(t))
    try {
      recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined)
    } catch (e) {
      stream.getTracks().forEach((t) => t.stop())
      setError(microphoneErrorMessage(e))
      return false
    }
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data)
    }
    const audio = new AudioContext()
    void audio.resume()
    const analyser = audio.createAnalyser()
    analyser.fftSize = 2048
    audio.createMediaStreamSource(stream).connect(analyser)
    const block = new Float32Array(analyser.fftSize)
    const silence = createSilenceStop()
    const began = performance.now()
    let cancelled = false
    const stop = () => {
      clearInterval(timer)
      if (recorder.state !== 'inactive') recorder.stop()
    }
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(block)
      const now = performance.now()
      const l = rms(block)
      setLevel(l)
      if (silence(l, now) || now - began >= SHADOW_TAKE_MAX_MS - 500) stop()
    }, 50)
    recorder.onstop = () => {
      stream.getTracks().forEach((t) => t.stop())
      void audio.close()
      stopRef.current = undefined
      cancelRef.current = undefined
      setRecording(false)
      setLevel(0)
      if (!cancelled) done.current(new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' }))
    }
    stopRef.current = stop
    cancelRef.current = () => {
      cancelled = true
      stop()
    }
    recorder.start(250)
    setRecording(true)
    return true
  }, [])

  const stop = useCallback(() => stopRef.current?.(), [])
  const cancel = useCallback(() => cancelRef.current?.(), [])
  return { start, stop, cancel, recording, level, error }
}
