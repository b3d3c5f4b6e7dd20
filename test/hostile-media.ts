import { execFile } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** An HLS playlist whose one segment is a local file: ffmpeg's hls demuxer reads it (for .mp3/.m4a/.mp4 names). */
export function hlsPlaylistNaming(file: string, seconds: number): string {
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:${Math.ceil(seconds)}\n#EXTINF:${seconds.toFixed(3)},\n${file}\n#EXT-X-ENDLIST\n`
}

/** An ffconcat script naming a local file (by absolute path, and relative from the job's directory for good measure). */
export function ffconcatNaming(file: string): string {
  return `ffconcat version 1.0\nfile '${file}'\nfile 'file:${file}'\n`
}

interface Box {
  type: string
  payload: Buffer
  children?: Box[]
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'dinf', 'stbl'])

function parseBoxes(buf: Buffer, at = 0, end = buf.length, base = 0): Array<Box & { offset: number }> {
  const boxes: Array<Box & { offset: number }> = []
  while (at + 8 <= end) {
    const size = buf.readUInt32BE(at)
    const type = buf.toString('latin1', at + 4, at + 8)
    if (size < 8 || at + size > end) throw new Error(`bad box ${type} at ${at}`)
    const payload = buf.subarray(at + 8, at + size)
    boxes.push({ type, payload, offset: base + at, ...(CONTAINERS.has(type) ? { children: parseBoxes(buf, at + 8, at + size, base) } : {}) })
    at += size
  }
  return boxes
}

function serialize(box: Box): Buffer {
  const payload = box.children ? Buffer.concat(box.children.map(serialize)) : box.payload
  const header = Buffer.alloc(8)
  header.writeUInt32BE(payload.length + 8)
  header.write(box.type, 4, 'latin1')
  return Buffer.concat([header, payload])
}

function walk(box: Box, visit: (b: Box) => void) {
  visit(box)
  for (const c of box.children ?? []) walk(c, visit)
}

/** A QuickTime data reference to an external file: a Mac alias record with the absolute path (what mov.c's mov_read_dref reads). */
function aliasDref(target: string): Buffer {
  const pathBytes = Buffer.from(target, 'latin1')
  const padded = Buffer.concat([pathBytes, Buffer.alloc(pathBytes.length % 2)])
  const tlv = Buffer.alloc(4)
  tlv.writeInt16BE(2, 0) // absolute path
  tlv.writeUInt16BE(pathBytes.length, 2)
  const end = Buffer.from([0xff, 0xff, 0, 0])
  // Volume, file name and the up/down levels stay empty: the path alone names the file.
  const record = Buffer.concat([Buffer.alloc(150), tlv, padded, end])
  const entry = Buffer.alloc(12)
  entry.writeUInt32BE(12 + record.length)
  entry.write('alis', 4, 'latin1')
  entry.writeUInt32BE(0, 8) // flags 0: the media data is not in this file
  const head = Buffer.alloc(8)
  head.writeUInt32BE(1, 4) // one entry
  return Buffer.concat([head, entry, record])
}

/**
 * A QuickTime movie with no sample data of its own: its PCM audio track's
 * data reference names `targetWav` (a 16-bit mono WAV with a 44-byte header)
 * by absolute path, and its chunk offsets point into that file's samples. An
 * ffmpeg run with `-enable_drefs 1 -use_absolute_path 1` plays the target's
 * audio; one that keeps drefs off finds nothing to play.
 */
export async function movReferencing(dir: string, targetWav: string): Promise<Buffer> {
  const own = path.join(dir, `ref-${path.basename(targetWav)}.mov`)
  await run('ffmpeg', ['-v', 'error', '-y', '-i', targetWav, '-c:a', 'pcm_s16le', '-f', 'mov', own], { timeout: 60_000 })
  const file = readFileSync(own)
  const top = parseBoxes(file)
  const mdat = top.find((b) => b.type === 'mdat')!
  const shift = 44 - (mdat.offset + 8)
  const ftyp = top.find((b) => b.type === 'ftyp')!
  const moov = top.find((b) => b.type === 'moov')!
  walk(moov, (box) => {
    if (box.type === 'dref') box.payload = aliasDref(targetWav)
    if (box.type === 'stco') {
      const patched = Buffer.from(box.payload)
      const count = patched.readUInt32BE(4)
      for (let i = 0; i < count; i++) patched.writeUInt32BE(patched.readUInt32BE(8 + i * 4) + shift, 8 + i * 4)
      box.payload = patched
    }
  })
  if (statSync(targetWav).size < 44) throw new Error('target too small')
  // No mdat: the only samples are the other file's.
  return Buffer.concat([serialize(ftyp), serialize(moov)])
}
