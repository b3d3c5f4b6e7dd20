import path from 'node:path'
import { z } from 'zod'

/**
 * The only reader of process.env. Parsed once at boot; everything else takes
 * the typed `Config`. The README's configuration table mirrors this schema.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))

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
  storageDir: string
  trustProxy: boolean
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const github =
    e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
      ? { clientId: e.GITHUB_CLIENT_ID, clientSecret: e.GITHUB_CLIENT_SECRET, url: trimSlash(e.GITHUB_URL), apiUrl: trimSlash(e.GITHUB_API_URL) }
      : undefined
  const oidc =
    e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: trimSlash(e.OIDC_ISSUER), clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
      : undefined
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
    storageDir: path.join(path.resolve(e.DATA_DIR), 'storage'),
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
