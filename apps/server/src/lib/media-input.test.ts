import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffconcatNaming, hlsPlaylistNaming } from '../../../../test/hostile-media'
import { decodableTailSeconds, probeMedia } from './ffprobe'
import { demuxerOf, inputArgs } from './media-input'
import { sweepStaleEntries, sweepStaleTree } from './sweep-temp'

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
    // What a crash leaves: the file and its directory last touched an hour ago.
    utimesSync(path.join(root, 'old', 'audio.pcm'), hourAgo, hourAgo)
    utimesSync(path.join(root, 'old'), hourAgo, hourAgo)
    expect(await sweepStaleEntries(root)).toBe(1)
    expect(existsSync(path.join(root, 'old'))).toBe(false)
    expect(existsSync(path.join(root, 'fresh', 'audio.pcm'))).toBe(true)
  })
  // A crash leaves no temp files for ever: card clips, score takes and take uploads work one level deeper. Every new job
  // touches its container, so sweeping by the container's age keeps a crash's leftovers there for ever;
  // and an idle container (or job directory) whose file is still being written is not abandoned.
  it('sweeps the job containers entry by entry, never removes them, and keeps work whose files are being written', async () => {
    const root = path.join(dir, 'transcribe')
    const hourAgo = new Date(Date.now() - 3_600_000)
    const old = (...parts: string[]) => utimesSync(path.join(root, ...parts), hourAgo, hourAgo)
    for (const job of ['clips/clip-x', 'clips/clip-y', 'takes/take-busy', 'job-old', 'job-busy']) {
      mkdirSync(path.join(root, job), { recursive: true })
      writeFileSync(path.join(root, job, 'input.mp3'), 'x')
    }
    mkdirSync(path.join(root, 'take-uploads'), { recursive: true })
    writeFileSync(path.join(root, 'take-uploads', 'x.webm'), 'x')
    // Crash leftovers: everything in clip-x, job-old and the upload x is an hour old.
    for (const p of ['clips/clip-x/input.mp3', 'clips/clip-x', 'job-old/input.mp3', 'job-old', 'take-uploads/x.webm']) old(...p.split('/'))
    // Long downloads: their directories are an hour old, the files in them are written now.
    old('takes', 'take-busy')
    old('job-busy')
    // An idle container: nothing new in it for an hour.
    old('takes')
    old('take-uploads')
    // clips/ was touched just now by clip-y's job, as every new job touches it.

    expect(await sweepStaleTree(root, ['clips', 'takes', 'take-uploads'])).toBe(3)
    expect(existsSync(path.join(root, 'clips', 'clip-x'))).toBe(false)
    expect(existsSync(path.join(root, 'take-uploads', 'x.webm'))).toBe(false)
    expect(existsSync(path.join(root, 'job-old'))).toBe(false)
    expect(existsSync(path.join(root, 'clips', 'clip-y', 'input.mp3'))).toBe(true)
    expect(existsSync(path.join(root, 'takes', 'take-busy', 'input.mp3'))).toBe(true)
    expect(existsSync(path.join(root, 'job-busy', 'input.mp3'))).toBe(true)
    // The containers stay, even emptied and idle: a job may be about to make its directory there.
    expect(existsSync(path.join(root, 'take-uploads'))).toBe(true)
  })
})