/**
 * npm run whisper:download <size>: fetches a whisper.cpp ggml model into
 * DATA_DIR/models and prints the WHISPER_MODEL setting that uses it. Needs
 * internet (huggingface.co); the server itself never downloads anything.
 */
import { createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { loadConfig } from '../apps/server/src/config'
import { WHISPER_SIZES, whisperModelUrl } from '../apps/server/src/features/transcription/whisper'

const size = process.argv[2]
if (!size) {
  console.error(`Usage: npm run whisper:download <size>   (${WHISPER_SIZES.join(', ')}; base.en is a good start)`)
  process.exit(2)
}
let url: string
try {
  url = whisperModelUrl(size)
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const dir = path.join(loadConfig({ ...process.env, WHISPER_MODEL: undefined }).dataDir, 'models')
mkdirSync(dir, { recursive: true })
const target = path.join(dir, `ggml-${size}.bin`)
const partial = `${target}.part`
console.log(`Downloading ${url}`)
const res = await fetch(url)
if (!res.ok || !res.body) {
  console.error(`Download failed: HTTP ${res.status}`)
  process.exit(1)
}
try {
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(partial))
  renameSync(partial, target)
} catch (error) {
  rmSync(partial, { force: true })
  throw error
}
console.log(`Saved ${target}\nStart the server with WHISPER_MODEL=${target}`)
