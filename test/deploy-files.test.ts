import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILT_SERVER, BUILT_SERVER_ENV } from './server-process'

/**
 * No Docker daemon runs where the tests run, so the image is never built
 * here. This keeps the Dockerfile and compose.yaml honest against the code
 * instead: the Debian packages, commands, user, health path and every
 * environment variable are checked against .ci/run, package.json, the server
 * and config.ts, with plain line rules.
 */
const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Array<{ op: string; args: string }> {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, op, args] = /^(\S+)\s+(.*)$/.exec(line) ?? []
      return { op: op!.toUpperCase(), args: args ?? '' }
    })
}

/** The packages of every `apt-get install` in a shell text (flags dropped). */
function aptPackages(text: string): string[] {
  const packages: string[] = []
  for (const m of text.replace(/\\\n/g, ' ').matchAll(/apt-get install([^\n&;|]*)/g)) {
    packages.push(...m[1]!.trim().split(/\s+/).filter((word) => word && !word.startsWith('-')))
  }
  return packages
}

/** The Debian packages of the tests: the one list in scripts/test-prerequisites.sh, which .ci/run and npm test run. */
function testPackages(): string[] {
  const list = /^PACKAGES=\(([^)]*)\)/m.exec(read('scripts/test-prerequisites.sh'))?.[1] ?? ''
  return list.trim().split(/\s+/).filter(Boolean)
}

/** The variables config.ts reads: the keys of its envSchema. */
function configKeys(): Set<string> {
  const source = read('apps/server/src/config.ts')
  const schema = source.slice(source.indexOf('const envSchema = z.object({'), source.indexOf('\n})', source.indexOf('const envSchema')))
  return new Set([...schema.matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!))
}

/** The server's own code: what runs in production, tests left out. */
function serverSource(): string {
  const dir = path.join(root, 'apps/server/src')
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|mjs)$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n')
}

/** `KEY=value` pairs of ENV instructions (the `ENV KEY value` form has one). */
function envPairs(args: string): Array<[string, string]> {
  if (!args.includes('=')) {
    const [key, ...rest] = args.split(/\s+/)
    return [[key!, rest.join(' ')]]
  }
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)].map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, '')])
}

const dockerfile = instructions(read('Dockerfile'))
const stages = dockerfile.reduce<Array<Array<{ op: string; args: string }>>>((all, ins) => {
  if (ins.op === 'FROM') all.push([])
  all.at(-1)?.push(ins)
  return all
}, [])
const runtime = stages.at(-1)!
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } }

/**
 * What the server's code runs or reads from each Debian package. A package
 * the image installs must be listed here and the code must still use it.
 */
const SERVER_USES: Record<string, RegExp> = {
  ffmpeg: /\(\s*'ffmpeg'|\(\s*'ffprobe'/,
  pocketsphinx: /'pocketsphinx_batch'/,
  'pocketsphinx-en-us': /'\/usr\/share\/pocketsphinx\/model\/en-us'/,
  edict: /'\/usr\/share\/edict\/edict'/,
}
/** Every dict-freedict-eng-* package: the server finds FreeDict's English-X files by name in /usr/share/dictd. */
const FREEDICT_USE = /'\/usr\/share\/dictd'[\s\S]*freedict-eng-|freedict-eng-[\s\S]*'\/usr\/share\/dictd'/
const serverUses = (p: string) => SERVER_USES[p] ?? (p.startsWith('dict-freedict-eng-') ? FREEDICT_USE : undefined)

describe('Dockerfile', () => {
  it('installs exactly the Debian packages of the test list that the server itself uses', () => {
    expect(read('.ci/run')).toMatch(/^bash scripts\/test-prerequisites\.sh$/m)
    expect(pkg.scripts.test).toMatch(/^bash scripts\/test-prerequisites\.sh && /)
    const ci = testPackages()
    const image = aptPackages(runtime.filter((i) => i.op === 'RUN').map((i) => i.args).join('\n'))
    expect(ci.length).toBeGreaterThan(0)
    const source = serverSource()
    const used = ci.filter((p) => serverUses(p)?.test(source))
    expect([...image].sort()).toEqual([...used].sort())
    expect(image).toEqual(expect.arrayContaining(['ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us']))
    // What the image leaves out (chromium, espeak-ng, test clips) the server never names as a program or path.
    for (const left of ci.filter((p) => !image.includes(p))) {
      expect(source, left).not.toMatch(new RegExp(`'${left}'|/usr/share/${left}/`))
    }
  })

  it('builds in one stage and runs from a Debian node 24 image, with commands package.json has', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    const runs = dockerfile.filter((i) => i.op === 'RUN').map((i) => i.args)
    expect(runs).toContain('npm ci')
    expect(runs).toContain('npm run build')
    for (const run of runs) {
      for (const m of run.matchAll(/npm run (\S+)/g)) expect(Object.keys(pkg.scripts), run).toContain(m[1])
    }
    const base = runtime[0]!.args.split(/\s+/)[0]!
    expect(base).toMatch(/^node:24-(bookworm|trixie)(-slim)?$/)
    expect(pkg.engines.node).toMatch(/^>=24\./)
  })

  it('starts the server as npm start does, without the build (the image built the console)', () => {
    const cmd = runtime.filter((i) => i.op === 'CMD').at(-1)!
    const argv = JSON.parse(cmd.args) as string[]
    const [, environment = '', command = ''] = /^node scripts\/build\.mjs --if-stale && ((?:[A-Z_]+=\S+ )*)(.*)$/.exec(pkg.scripts.start!)!
    expect(argv.join(' ')).toBe(command)
    // The variables npm start sets are the image's too.
    for (const assignment of environment.trim().split(' ').filter(Boolean)) expect(runtime.filter((i) => i.op === 'ENV').map((i) => i.args).join(' '), assignment).toContain(assignment)
    expect(Object.entries(BUILT_SERVER_ENV).map(([k, v]) => `${k}=${v}`).join(' ')).toBe(environment.trim())
    // The tests' and benches' "as npm start runs it" is the same command.
    expect(['node', ...BUILT_SERVER]).toEqual(argv)
    expect(runtime.some((i) => i.op === 'COPY' && /--from=build .*apps\/console\/dist /.test(i.args))).toBe(true)
    // The server's renderer of the player and the review with the learner's data (decision 0021), where console-static.ts looks.
    expect(runtime.some((i) => i.op === 'COPY' && /--from=build .*apps\/console\/dist-ssr /.test(i.args))).toBe(true)
    expect(read('apps/server/src/plugins/console-static.ts')).toContain("path.join(path.dirname(consoleDir), 'dist-ssr', 'render-screen.js')")
  })

  it('runs as a user who is not root, from a DATA_DIR volume, on the port it exposes', () => {
    const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args
    expect(user).toBeDefined()
    expect(user!.split(':')[0]).not.toMatch(/^(root|0)$/)
    // USER comes before the command, so the command runs as that user.
    expect(runtime.findLastIndex((i) => i.op === 'USER')).toBeLessThan(runtime.findIndex((i) => i.op === 'CMD'))

    const env = Object.fromEntries(dockerfile.filter((i) => i.op === 'ENV').flatMap((i) => envPairs(i.args)))
    expect(runtime.find((i) => i.op === 'VOLUME')?.args).toBe(env.DATA_DIR)
    expect(runtime.find((i) => i.op === 'EXPOSE')?.args).toBe(env.PORT)
    // Listening on loopback only would make the published port useless.
    expect(env.HOST).toBe('0.0.0.0')
    // Every variable is the server's configuration, or one npm start sets for the runtime itself.
    const keys = [...configKeys(), ...Object.keys(BUILT_SERVER_ENV)]
    for (const key of Object.keys(env)) expect(keys, `ENV ${key}`).toContain(key)
  })

  it('checks health on a path the server answers', () => {
    const check = runtime.find((i) => i.op === 'HEALTHCHECK')?.args ?? ''
    const route = /(\/[a-z]+z)\b/.exec(check)?.[1]
    expect(route).toBe('/healthz')
    expect(read('apps/server/src/features/operations/operations.routes.ts')).toContain(`app.get('${route}'`)
  })
})

/** compose.yaml by indentation: top-level blocks, services, and the keys of each service's environment. */
function composeEnvironment(text: string): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {}
  let top = ''
  let service = ''
  let inEnv = false
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue
    const indent = line.length - line.trimStart().length
    const [, key, value] = /^\s*([\w.<-]+):\s*(.*)$/.exec(line) ?? []
    if (indent === 0) {
      top = key ?? ''
      service = top.startsWith('x-') ? top : ''
      inEnv = top.endsWith('-environment')
      continue
    }
    if (top === 'services' && indent === 2) {
      service = key ?? ''
      inEnv = false
      continue
    }
    if (top === 'services' && indent === 4) {
      inEnv = key === 'environment'
      continue
    }
    const envIndent = top === 'services' ? 6 : 2
    if (inEnv && indent === envIndent && key && key !== '<<') (out[service] ??= {})[key] = value!.replace(/^"|"$/g, '')
  }
  return out
}

describe('compose.yaml', () => {
  const text = read('compose.yaml')
  const env = composeEnvironment(text)
  const shared = env['x-app-environment'] ?? {}
  const appServices = ['app-web', 'app-worker']

  it('sets only variables config.ts reads on the app processes', () => {
    const keys = configKeys()
    expect(Object.keys(shared).length).toBeGreaterThan(4)
    for (const [service, vars] of Object.entries(env)) {
      if (!appServices.includes(service) && service !== 'x-app-environment') continue
      for (const key of Object.keys(vars)) expect(keys, `${service}: ${key}`).toContain(key)
    }
  })

  it('runs a web and a scalable worker role on PostgreSQL and the MinIO bucket, with secrets from .env', () => {
    expect(env['app-web']?.PROCESS_ROLE).toBe('web')
    expect(env['app-worker']?.PROCESS_ROLE).toBe('worker')
    // Both roles share the app environment (database, bucket, secrets).
    expect(text.match(/<<: \*app-environment/g)).toHaveLength(2)
    expect(shared.STORAGE_URL).toBe('s3://lingocast/media?endpoint=http://minio:9000&region=us-east-1&forcePathStyle=true')
    expect(shared.DATABASE_URL).toMatch(/^postgres:\/\/lingocast:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/lingocast$/)
    for (const secret of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'PUBLIC_URL']) expect(shared[secret], secret).toMatch(new RegExp(`^\\$\\{${secret}:\\?`))
    expect(env.postgres?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/)

    // A scaled service can have neither a fixed host port nor a fixed container name.
    const worker = text.slice(text.indexOf('\n  app-worker:'), text.indexOf('\n  postgres:'))
    expect(worker).not.toMatch(/^\s{4}(ports|container_name):/m)
    // The bucket made by the one-shot service is the one STORAGE_URL names.
    const bucket = /^s3:\/\/([^/?]+)/.exec(shared.STORAGE_URL!)?.[1]
    expect(text).toMatch(new RegExp(`"mb", "--ignore-existing", "local/${bucket}"`))
  })

  it('gives PostgreSQL the official image, a volume and a health check the app waits for', () => {
    const postgres = text.slice(text.indexOf('\n  postgres:'), text.indexOf('\n  minio:'))
    expect(postgres).toMatch(/image: postgres:\d+/)
    expect(postgres).toMatch(/- postgres-data:\/var\/lib\/postgresql\/data/)
    expect(postgres).toMatch(/healthcheck:\s+test: \["CMD", "pg_isready"/)
    expect(text).toMatch(/postgres:\s+condition: service_healthy/)
    expect(text).toMatch(/minio-init:\s+condition: service_completed_successfully/)
  })
})

describe('.dockerignore', () => {
  it('keeps dependencies, builds, data and secrets out of the build context', () => {
    const lines = read('.dockerignore').split('\n').map((l) => l.trim())
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env', '.git']) expect(lines).toContain(entry)
  })
})
