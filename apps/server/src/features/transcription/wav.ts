import { open, writeFile } from 'node:fs/promises'
import { SAMPLE_RATE } from './audio'

/** A 44-byte WAV header for 16 kHz mono 16-bit PCM: what whisper.cpp and transcription APIs read. */
export function wavHeader(dataBytes: number, rate = SAMPLE_RATE): Buffer {
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + dataBytes, 4)
  h.write('WAVEfmt ', 8)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(rate, 24)
  h.writeUInt32LE(rate * 2, 28)
  h.writeUInt16LE(2, 32)
  h.writeUInt16LE(16, 34)
  h.write('data', 36)
  h.writeUInt32LE(dataBytes, 40)
  return h
}

/** A raw PCM slice as a WAV file beside it. */
export async function pcmToWav(pcm: string, wav: string): Promise<Buffer> {
  const file = await open(pcm)
  try {
    const data = await file.readFile()
    const bytes = Buffer.concat([wavHeader(data.length), data])
    await writeFile(wav, bytes)
    return bytes
  } finally {
    await file.close()
  }
}
