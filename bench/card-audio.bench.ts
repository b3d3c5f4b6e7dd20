import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { JobContext } from '../apps/server/src/features/jobs/job-runner'
import { createCardAudioJob } from '../apps/server/src/features/memories/card-audio.job'
import type { ClipSource } from '../apps/server/src/features/memories/flashcard-row'
import { createSafeFetch } from '../apps/server/src/lib/safe-fetch'
import { createLocalStorage } from '../apps/server/src/lib/storage'
import { makeEpisode } from '../test/speech'
import { median, printTable } from './harness'

/**
 * Clip cut time per card: the real card_audio job (one ffmpeg run
 * that checks the container and cuts, then the store) on a stored 15-minute
 * MP3, for sentences spread over it; the later in the file, the further
 * ffmpeg seeks. Baseline in the same run:
 * ffmpeg decoding the same stretch to nothing, the least a cut can cost.
 */

const CARDS = Number(process.env.BENCH_CARDS ?? 20)
const work = mkdtempSync(path.join(os.tmpdir(), 'lingocast-bench-clips-'))
try {
  const episode = await makeEpisode(work, 15)
  const root = path.join(work, 'storage')
  const mp3 = path.join(root, 'episode.mp3')
  execFileSync('mkdir', ['-p', root])
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', episode.file, '-ac', '1', '-b:a', '64k', mp3])
  const storage = createLocalStorage({ root })

  // Every card stands for a sentence of the episode, evenly spread from start to end.
  const step = Math.max(1, Math.floor(episode.cues.length / CARDS))
  const picks = episode.cues.filter((_, i) => i % step === 0).slice(0, CARDS)
  const pending = new Map<number, ClipSource>(picks.map((cue, i) => [i + 1, { media: '/episode.mp3', startMs: cue.start, endMs: cue.end }]))
  const stored = new Map<number, string>()
  const job = createCardAudioJob({
    repo: {
      pendingClip: async (id) => ({ userId: 1, source: pending.get(id)! }),
      setClip: async (id, address) => (stored.set(id, address), true),
      failClip: async () => undefined,
    },
    storage,
    safeFetch: createSafeFetch({ allowHosts: [] }),
    maxDownloadBytes: 1 << 30,
    tmpDir: path.join(work, 'tmp'),
  })
  const ctx = { signal: new AbortController().signal, lastAttempt: true } as JobContext

  const cut: number[] = []
  const decode: number[] = []
  for (const [id, source] of pending) {
    let t = performance.now()
    execFileSync('ffmpeg', ['-v', 'error', '-ss', String(source.startMs / 1000), '-t', String((source.endMs - source.startMs) / 1000), '-f', 'mp3', '-i', mp3, '-f', 'null', '-'])
    decode.push(performance.now() - t)
    t = performance.now()
    await job({ flashcardId: id }, ctx)
    cut.push(performance.now() - t)
  }
  if (stored.size !== pending.size) throw new Error(`only ${stored.size} of ${pending.size} clips stored`)
  const cutMs = median(cut)
  const decodeMs = median(decode)
  printTable([
    { measure: 'sentences cut (15-minute stored MP3)', value: pending.size, goal: '' },
    { measure: 'clip cut per card, median (ms)', value: Math.round(cutMs), goal: '<= 300' },
    { measure: 'clip cut per card, worst (ms)', value: Math.round(Math.max(...cut)), goal: '' },
    { measure: 'baseline: ffmpeg decoding the stretch, median (ms)', value: Math.round(decodeMs), goal: '' },
    { measure: 'cut / decode (ratio)', value: (cutMs / decodeMs).toFixed(2), goal: '' },
  ])
  console.log(`RESULT clip_cut_ms=${Math.round(cutMs)} clip_cut_worst_ms=${Math.round(Math.max(...cut))} decode_ms=${Math.round(decodeMs)} ratio=${(cutMs / decodeMs).toFixed(2)}`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
