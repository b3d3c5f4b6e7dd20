import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { promisify } from 'node:util'
import { ConfigError, loadConfig, type Config } from '../config'
import { capabilityLine, describeCapabilities, nearestExisting, type Capability } from '../features/operations/capabilities'
import { createConfiguredStorage } from '../lib/configured-storage'

/**
 * `npm run doctor`: what the server can do on this machine, the same lines it
 * prints at start (features/operations/capabilities.ts), each with the command
 * that adds what is missing. Beyond the start-up report it runs each tool
 * found (a binary of another platform is found but does not run) and reaches
 * the storage. Exits 1 when a core part (media, storage) is missing, 2 on a
 * bad configuration.
 */
const run = promisify(execFile)

let config: Config
try {
  config = loadConfig()
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}

/** Whether a found program starts: `-version` of ffmpeg/ffprobe; pocketsphinx_batch prints its usage and exits non-zero, so any answer counts. */
async function runs(file: string, args: string[]): Promise<boolean> {
  try {
    await run(file, args, { timeout: 10_000 })
    return true
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { killed?: boolean; stderr?: string }
    return e.code !== 'ENOENT' && e.code !== 'EACCES' && !e.killed && typeof e.code === 'number' && Boolean(e.stderr)
  }
}

const tools = { ...config.tools }
for (const name of ['ffmpeg', 'ffprobe'] as const) {
  const tool = tools[name]
  if (tool && !(await runs(tool.path, ['-version']))) {
    console.error(`${name} at ${tool.path} does not run on this machine`)
    tools[name] = undefined
  }
}
if (tools.pocketsphinx_batch && !(await runs(tools.pocketsphinx_batch.path, []))) tools.pocketsphinx_batch = undefined

const writable = (dir: string) => {
  try {
    accessSync(nearestExisting(dir), constants.W_OK)
    return true
  } catch {
    return false
  }
}
const report: Capability[] = describeCapabilities({ ...config, tools }, { writable })

// A bucket is reached, not just named.
const storageLine = report.find((c) => c.name === 'storage')!
if (config.storage.kind === 's3') {
  try {
    const storage = await createConfiguredStorage(config, {})
    await storage.ping()
  } catch (error) {
    Object.assign(storageLine, { ok: false, text: `${storageLine.text} cannot be reached: ${error instanceof Error ? error.message : String(error)}`, fix: 'check STORAGE_URL, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY' })
  }
}

for (const c of report) console.log(capabilityLine(c))
const missing = report.filter((c) => c.core && !c.ok)
if (missing.length > 0) {
  console.log(`\nNot ready: ${missing.map((c) => c.name).join(' and ')} missing, which Lingocast cannot run without (the command to add it is above).`)
  process.exit(1)
}
console.log('\nReady: every core part is here (media, storage); the parts that say "off" are optional.')
process.exit(0)
