import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathWithout, SYSTEM_MEDIA_TOOLS, type ToolPath } from './tool-path'

/**
 * `npm run doctor` with and without each tool: PATHs built of links
 * to this machine's programs, leaving out one tool at a time. NPM_MEDIA_TOOLS=0
 * hides the ffmpeg/ffprobe builds npm ci brings, as on a platform they have no
 * build for. A core part missing (media, storage) exits 1; an optional one
 * (word timing, recognition) says "off" with the command that adds it, and exits 0.
 */
const repoRoot = path.resolve(import.meta.dirname, '..')
let work: string
const paths: ToolPath[] = []
const without = (...names: Array<string | RegExp>) => {
  const p = pathWithout(names)
  paths.push(p)
  return p.PATH
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-doctor-'))
})
afterAll(() => {
  for (const p of paths) p.cleanup()
  if (work) rmSync(work, { recursive: true, force: true })
})

function doctor(env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/doctor.ts'],
      { cwd: repoRoot, env: { HOME: process.env.HOME, DATA_DIR: path.join(work, 'data'), PATH: process.env.PATH, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    )
  })
}

const line = (out: string, part: string) => out.split('\n').find((l) => l.startsWith(`${part}: `)) ?? ''

describe('npm run doctor', () => {
  it('with every tool: the system ffmpeg, ffprobe and pocketsphinx, exit 0', async () => {
    const { code, out } = await doctor({})
    expect(code, out).toBe(0)
    expect(line(out, 'media')).toMatch(/^media: ffmpeg \/\S+\/ffmpeg, ffprobe \/\S+\/ffprobe$/)
    expect(line(out, 'word timing')).toMatch(/^word timing: pocketsphinx \/\S+\/pocketsphinx_batch with the model in \/usr\/share\/pocketsphinx\/model\/en-us/)
    expect(line(out, 'recognition')).toMatch(/^recognition: pocketsphinx \(often wrong/)
    expect(line(out, 'mail')).toMatch(/^mail: no SMTP_URL: sign-in codes are written to this log; SMTP_URL=/)
    expect(line(out, 'storage')).toBe(`storage: local disk, ${path.join(work, 'data', 'storage')}`)
    expect(line(out, 'dictionaries')).toMatch(/^dictionaries: WordNet 3\.1/)
    // The same lines as at start: one per part, in this order.
    expect(out.split('\n').filter((l) => /^[a-z ]+: /.test(l)).map((l) => l.split(':')[0])).toEqual(['media', 'word timing', 'recognition', 'dictionaries', 'mail', 'storage'])
  }, 60_000)

  it('without system ffmpeg and ffprobe: the builds npm ci brought, exit 0', async () => {
    const { code, out } = await doctor({ PATH: without('ffmpeg', 'ffprobe') })
    expect(code, out).toBe(0)
    expect(line(out, 'media')).toMatch(/^media: ffmpeg from npm \(@ffmpeg-installer\/ffmpeg, \S+\), ffprobe from npm \(@ffprobe-installer\/ffprobe, \S+\); for the system's newer build: apt-get install ffmpeg/)
  }, 60_000)

  for (const tool of ['ffmpeg', 'ffprobe']) {
    it(`without ${tool} at all: media is missing, with the commands that add it, exit 1`, async () => {
      const { code, out } = await doctor({ PATH: without(tool), NPM_MEDIA_TOOLS: '0' })
      expect(code, out).toBe(1)
      expect(line(out, 'media')).toBe(
        `media: off: ${tool} not found, so uploads, transcripts, sentence clips, thumbnails and shadowing cannot work. To add it: npm ci (brings @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe) · apt-get install ffmpeg (Debian/Ubuntu) · brew install ffmpeg (macOS) · or run the Docker image (docker build -t lingocast . && docker run -p 3000:3000 -v lingocast-data:/data lingocast)`,
      )
      expect(out).toContain('Not ready: media missing')
    }, 60_000)
  }

  it('without pocketsphinx: word timing and recognition are off, with the apt-get line, and the core still runs (exit 0)', async () => {
    const { code, out } = await doctor({ PATH: without(/^pocketsphinx/) })
    expect(code, out).toBe(0)
    expect(line(out, 'media')).toMatch(/^media: ffmpeg \/\S+\/ffmpeg/)
    expect(line(out, 'word timing')).toBe(
      'word timing: off: pocketsphinx is not installed; transcripts that come with the media are shown with their cue times, and shadowing is not scored. To add it: apt-get install pocketsphinx pocketsphinx-en-us (Debian/Ubuntu) · on macOS or elsewhere run the Docker image (docker build -t lingocast . && docker run -p 3000:3000 -v lingocast-data:/data lingocast)',
    )
    expect(line(out, 'recognition')).toMatch(/^recognition: off: pocketsphinx is not installed and neither WHISPER_MODEL nor TRANSCRIBE_API_URL is set, so media without a transcript gets none\. To add it: npm run whisper:download base\.en/)
  }, 60_000)

  it('without pocketsphinx but with a Whisper model or a transcription API: recognition uses it', async () => {
    const model = path.join(work, 'ggml-tiny.bin')
    writeFileSync(model, 'not a real model: the doctor only names it')
    const whisper = await doctor({ PATH: without(/^pocketsphinx/), WHISPER_MODEL: model })
    expect(line(whisper.out, 'recognition')).toBe(`recognition: Whisper with ${model}`)
    const api = await doctor({ PATH: without(/^pocketsphinx/), TRANSCRIBE_API_URL: 'http://127.0.0.1:9/v1' })
    expect(line(api.out, 'recognition')).toBe('recognition: the transcription API at http://127.0.0.1:9 (whisper-1)')
  }, 60_000)

  it('with pocketsphinx but not its model: word timing says where the model was looked for', async () => {
    const { code, out } = await doctor({ POCKETSPHINX_MODEL_DIR: work })
    expect(code, out).toBe(0)
    expect(line(out, 'word timing')).toMatch(new RegExp(`^word timing: off: the pocketsphinx model is not in ${work} \\(POCKETSPHINX_MODEL_DIR\\); .* To add it: apt-get install pocketsphinx pocketsphinx-en-us`))
  }, 60_000)

  it('without any of them (a fresh laptop without npm\'s builds either): media, word timing and recognition missing, exit 1', async () => {
    const { code, out } = await doctor({ PATH: without(...SYSTEM_MEDIA_TOOLS), NPM_MEDIA_TOOLS: '0' })
    expect(code, out).toBe(1)
    expect(line(out, 'media')).toMatch(/^media: off: ffmpeg and ffprobe not found/)
    expect(line(out, 'word timing')).toMatch(/^word timing: off: pocketsphinx is not installed/)
    expect(line(out, 'recognition')).toMatch(/^recognition: off: /)
  }, 60_000)

  it('with a bucket it cannot reach: storage is missing, exit 1', async () => {
    const { code, out } = await doctor({ STORAGE_URL: 's3://lingocast?endpoint=http://127.0.0.1:9&forcePathStyle=true', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' })
    expect(code, out).toBe(1)
    expect(line(out, 'storage')).toMatch(/^storage: the S3 bucket lingocast at http:\/\/127\.0\.0\.1:9 cannot be reached: .*\. To add it: check STORAGE_URL/)
    expect(out).toContain('Not ready: storage missing')
  }, 60_000)
})
