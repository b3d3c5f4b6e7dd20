import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hasMediaExtension } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { lastFrameEnd, playsToEnd, type Probe } from '../../lib/ffprobe'
import { classifyProbe, cleanFileName, mediaTitle } from './media-kind'
import { sweepStaleUploads } from './sweep-temp'

const probe = (formatName: string, streams: Array<Partial<Probe['streams'][number]>>, tags: Record<string, string> = {}): Omit<Probe, 'input'> => ({
  formatName,
  durationSeconds: 10,
  tags,
  streams: streams.map((s) => ({ codecType: '', codecName: '', attachedPic: false, ...s })),
})
const h264 = { codecType: 'video', codecName: 'h264', width: 640, height: 360 }
const aac = { codecType: 'audio', codecName: 'aac' }

describe('classifyProbe', () => {
  it('tells the container and kind from the streams', () => {
    expect(classifyProbe(probe('mov,mp4,m4a,3gp,3g2,mj2', [h264, aac]))).toEqual({ kind: 'video', ext: 'mp4', width: 640, height: 360 })
    expect(classifyProbe(probe('mov,mp4,m4a,3gp,3g2,mj2', [h264], { major_brand: 'qt  ' }))?.ext).toBe('mov')
    expect(classifyProbe(probe('mov,mp4,m4a,3gp,3g2,mj2', [aac]))).toEqual({ kind: 'audio', ext: 'm4a', width: null, height: null })
    expect(classifyProbe(probe('matroska,webm', [{ codecType: 'video', codecName: 'vp9' }, { codecType: 'audio', codecName: 'opus' }]))?.ext).toBe('webm')
    expect(classifyProbe(probe('matroska,webm', [h264, aac]))?.ext).toBe('mkv')
    expect(classifyProbe(probe('avi', [h264]))?.ext).toBe('avi')
    for (const f of ['mp3', 'wav', 'ogg', 'flac']) expect(classifyProbe(probe(f, [{ codecType: 'audio', codecName: f }]))).toMatchObject({ kind: 'audio', ext: f })
  })

  it('counts an MP3 with cover art as audio', () => {
    expect(classifyProbe(probe('mp3', [{ codecType: 'audio', codecName: 'mp3' }, { codecType: 'video', codecName: 'mjpeg', attachedPic: true }]))?.kind).toBe('audio')
  })

  it('refuses images, subtitles and containers the spec does not list', () => {
    expect(classifyProbe(probe('png_pipe', [{ codecType: 'video', codecName: 'png', attachedPic: false }]))).toBeUndefined()
    expect(classifyProbe(probe('srt', [{ codecType: 'subtitle', codecName: 'subrip' }]))).toBeUndefined()
    expect(classifyProbe(probe('mpegts', [h264, aac]))).toBeUndefined()
  })
})

describe('names and titles', () => {
  it('titles by the tag, else the file name without extension', () => {
    expect(mediaTitle(probe('mp3', [aac], { TITLE: ' Episode 4 ' }), 'x.mp3')).toBe('Episode 4')
    expect(mediaTitle(probe('mp3', [aac]), 'My talk.final.mp3')).toBe('My talk.final')
    expect(mediaTitle(probe('mp3', [aac]), '.mp3')).toBe('Untitled')
  })

  it('keeps no path or control characters of a sent name', () => {
    expect(cleanFileName('C:\\Users\\me\\clip.mp4')).toBe('clip.mp4')
    expect(cleanFileName('../../etc/pa\u0000sswd')).toBe('passwd')
    expect(cleanFileName(undefined)).toBe('upload')
  })

  it('admits the extensions of spec 001 s5 on save, in any case', () => {
    for (const name of ['a.mkv', 'a.MP4', '/uploads/x.mov', 'b.avi', 'c.webm', 'd.mp3', 'e.wav', 'f.ogg', 'g.FLAC', 'h.m4a']) expect(hasMediaExtension(name)).toBe(true)
    for (const name of ['a.txt', 'mp4', 'a.mp4.exe', 'x.m4v', '']) expect(hasMediaExtension(name)).toBe(false)
  })
})

describe('lastFrameEnd', () => {
  it('reads the end of the last frame across streams in their own time bases', () => {
    const crc = ['#tb 0: 1/25', '#tb 1: 1/44100', '0, 0, 0, 1, 100, 0x1', '0, 74, 74, 1, 100, 0x2', '1, 131072, 131072, 1024, 10, 0x3', ''].join('\n')
    expect(lastFrameEnd(crc)).toBeCloseTo(3.0, 2)
    expect(lastFrameEnd('#tb 0: 1/25\n')).toBe(0)
  })

  it('calls a file whole when its tail decodes for (nearly) the whole window', () => {
    expect(playsToEnd(3, 240)).toBe(true)
    expect(playsToEnd(2.2, 240)).toBe(true)
    expect(playsToEnd(0.5, 240)).toBe(false)
    expect(playsToEnd(0.4, 0.4)).toBe(true)
    expect(playsToEnd(0, 0.4)).toBe(false)
  })
})

describe('sweepStaleUploads', () => {
  it('removes only temporary uploads untouched for the stale time', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-sweep-'))
    for (const name of ['old.part', 'fresh.part', 'old.txt']) writeFileSync(path.join(dir, name), 'x')
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(path.join(dir, 'old.part'), hourAgo, hourAgo)
    utimesSync(path.join(dir, 'old.txt'), hourAgo, hourAgo)
    expect(await sweepStaleUploads(dir)).toBe(1)
    expect(readdirSync(dir).sort()).toEqual(['fresh.part', 'old.txt'])
    expect(await sweepStaleUploads(path.join(dir, 'missing'))).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  })
})
