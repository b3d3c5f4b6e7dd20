/**
 * Builds the demo article from Debian's pocketsphinx-testdata: five public
 * domain LibriVox clips of Sense and Sensibility, chapter 1, read by a real
 * person. Each clip is force-aligned to its known transcript with
 * pocketsphinx (a JSGF grammar of exactly those words, wide beams), then the
 * clips are joined into one MP3. The output is committed, so running the
 * product needs neither pocketsphinx nor the test data.
 *
 *   apt-get install pocketsphinx pocketsphinx-en-us pocketsphinx-testdata ffmpeg
 *   node --import tsx scripts/build-demo-content.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const DATA = '/usr/share/pocketsphinx/test/data/librivox'
const MODEL = '/usr/share/pocketsphinx/model/en-us'
const OUT = path.join(import.meta.dirname, '../apps/server/demo')

/** Display tokens, each with how many spoken (aligned) words it covers. */
const clips: Array<{ id: string; tokens: Array<[string, number]> }> = [
  { id: '0870', tokens: words('And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them.') },
  { id: '0880', tokens: [...words('He was not an'), ['ill-disposed', 2], ...words('young man,')] },
  { id: '0890', tokens: [...words('unless to be rather'), ['cold-hearted', 2], ...words('and rather selfish is to be'), ['ill-disposed:', 2]] },
  { id: '0920', tokens: words('Had he married a more... a amiable woman, he might have been made still more respectable than he was;') },
  { id: '0930', tokens: words('he might even have been made amiable himself.') },
]

function words(text: string): Array<[string, number]> {
  return text.split(' ').map((w) => [w, 1])
}

const transcripts = new Map<string, string>()
for (const line of execFileSync('cat', [path.join(DATA, 'transcription')], { encoding: 'utf8' }).trim().split('\n')) {
  const m = /^<s> (.*) <\/s> \(.*-(\d{4})\)$/.exec(line)
  if (m) transcripts.set(m[2]!, m[1]!)
}

function align(wav: string, text: string): Array<{ word: string; start: number; end: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'align-'))
  const gram = path.join(dir, 'g.gram')
  writeFileSync(gram, `#JSGF V1.0;\ngrammar g;\npublic <s> = ${text};\n`)
  const out = execFileSync(
    'pocketsphinx_continuous',
    ['-infile', wav, '-jsgf', gram, '-time', 'yes', '-hmm', `${MODEL}/en-us`, '-dict', `${MODEL}/cmudict-en-us.dict`, '-beam', '1e-80', '-wbeam', '1e-60', '-pbeam', '1e-80'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((p) => p.length === 4 && !p[0]!.startsWith('<') && !p[0]!.startsWith('['))
    .map(([w, s, e]) => ({ word: w!.replace(/\(\d+\)$/, ''), start: Number(s), end: Number(e) }))
}

const duration = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }))

const GAP = 0.4 // seconds of silence between clips
let offset = 0
const segments = []
const concatList: string[] = []
for (const clip of clips) {
  const wav = path.join(DATA, `sense_and_sensibility_01_austen_64kb-${clip.id}.wav`)
  const spoken = transcripts.get(clip.id)!
  const aligned = align(wav, spoken)
  const expected = clip.tokens.reduce((n, [, k]) => n + k, 0)
  if (aligned.length !== expected) throw new Error(`clip ${clip.id}: aligned ${aligned.length} words, tokens cover ${expected}`)
  let i = 0
  const word_timestamps = clip.tokens.map(([word, k]) => {
    const first = aligned[i]!
    const last = aligned[i + k - 1]!
    i += k
    return { word, start: Math.round((offset + first.start) * 1000), end: Math.round((offset + last.end) * 1000) }
  })
  segments.push({
    start: Math.round(offset * 1000),
    end: Math.round((offset + duration(wav)) * 1000),
    text: clip.tokens.map(([w]) => w).join(' '),
    word_timestamps,
  })
  concatList.push(wav)
  offset += duration(wav) + GAP
}

const filter = concatList.map((_, i) => `[${i}:a]apad=pad_dur=${GAP}[a${i}]`).join(';') + ';' + concatList.map((_, i) => `[a${i}]`).join('') + `concat=n=${concatList.length}:v=0:a=1[out]`
execFileSync('ffmpeg', ['-y', '-v', 'error', ...concatList.flatMap((f) => ['-i', f]), '-filter_complex', filter, '-map', '[out]', '-ac', '1', '-ar', '22050', '-b:a', '48k', path.join(OUT, 'sense-and-sensibility.mp3')])
writeFileSync(path.join(OUT, 'sense-and-sensibility.segments.json'), `${JSON.stringify(segments, null, 1)}\n`)
console.log(`wrote ${segments.length} segments, ${Math.round(offset)} s of audio to ${OUT}`)
