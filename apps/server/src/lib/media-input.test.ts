import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffconcatNaming, hlsPlaylistNaming } from '../../../../test/hostile-media'
import { decodableTailSeconds, probeMedia } from './ffprobe'
import { demuxerOf, inputArgs } from './media-input'
import { sweepStaleEntries } from './sweep-temp'

let dir: string
let mp3: string

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-media-input-'))
  mp3 = path.join(dir, 'tone.mp3')
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=2', mp3])
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('media input', () => {
  it('maps ffprobe names to our demuxers and nothing else', () => {
    expect(demuxerOf('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov')
    expect(demuxerOf('matroska,webm')).toBe('matroska')
    for (const name of ['mp3', 'wav', 'ogg', 'flac', 'avi']) expect(demuxerOf(name)).toBe(name)
    for (const name of ['hls', 'dash', 'concat', 'image2', 'sdp', 'aac', 'mpegts', 'tee', 'data']) expect(demuxerOf(name)).toBeUndefined()
  })

  it('reads real media with its demuxer forced, only through the file protocol', async () => {
    const probe = await probeMedia(mp3)
    expect(probe?.input.demuxer).toBe('mp3')
    expect(inputArgs(probe!.input)).toEqual(['-protocol_whitelist', 'file', '-f', 'mp3', '-i', `file:${mp3}`])
    expect(await decodableTailSeconds(probe!.input)).toBeGreaterThan(1)
  })

  it('keeps external QuickTime tracks off', async () => {
    const m4a = path.join(dir, 'tone.m4a')
    execFileSync('ffmpeg', ['-v', 'error', '-i', mp3, m4a])
    const args = inputArgs((await probeMedia(m4a))!.input)
    expect(args.join(' ')).toContain('-f mov -enable_drefs 0 -use_absolute_path 0 -i file:')
  })

  it('refuses a playlist or a concat script, whatever its name, without reading what it names', async () => {
    const playlist = path.join(dir, 'episode.mp3')
    writeFileSync(playlist, hlsPlaylistNaming(mp3, 2))
    const concat = path.join(dir, 'episode.wav')
    writeFileSync(concat, ffconcatNaming(mp3))
    expect(await probeMedia(playlist)).toBeUndefined()
    expect(await probeMedia(concat)).toBeUndefined()
  })
})

describe('sweepStaleEntries', () => {
  it('removes stale directories with what they hold, keeps fresh ones', async () => {
    const root = path.join(dir, 'sweep')
    for (const name of ['old', 'fresh']) {
      mkdirSync(path.join(root, name), { recursive: true })
      writeFileSync(path.join(root, name, 'audio.pcm'), 'x')
    }
    const hourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(path.join(root, 'old'), hourAgo, hourAgo)
    expect(await sweepStaleEntries(root)).toBe(1)
    expect(existsSync(path.join(root, 'old'))).toBe(false)
    expect(existsSync(path.join(root, 'fresh', 'audio.pcm'))).toBe(true)
  })
})
