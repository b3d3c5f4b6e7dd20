import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * The programs the server runs, found once at boot (config.ts calls
 * findMediaTools with the PATH it read; buildApp hands the result to
 * useMediaTools). ffmpeg and ffprobe: the system's when PATH has them (a
 * distribution's are newer), else the static builds that come with `npm ci`
 * (@ffmpeg-installer/ffmpeg, @ffprobe-installer/ffprobe: a binary per
 * platform inside the registry package). pocketsphinx has no npm build: the
 * system's or none.
 */
export type ToolName = 'ffmpeg' | 'ffprobe' | 'pocketsphinx_batch'

export interface FoundTool {
  path: string
  /** 'system': on PATH; 'npm': the binary shipped in an npm package. */
  from: 'system' | 'npm'
}

export type MediaTools = Record<ToolName, FoundTool | undefined>

/** The npm packages that ship a binary of a tool (none for pocketsphinx). */
export const NPM_TOOL_PACKAGES: Partial<Record<ToolName, string>> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
}

const TOOL_NAMES: ToolName[] = ['ffmpeg', 'ffprobe', 'pocketsphinx_batch']

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

/** The first executable `name` in a PATH value, as a shell would run it. */
export function findOnPath(name: string, pathValue: string | undefined): string | undefined {
  for (const dir of (pathValue ?? '').split(path.delimiter)) {
    if (!dir) continue
    const file = path.join(dir, name)
    if (isExecutable(file)) return file
  }
  return undefined
}

const require = createRequire(import.meta.url)

/** The binary an npm package ships for this platform; undefined when the package (or its platform part) is not installed. */
export function npmBinary(tool: ToolName): string | undefined {
  const pkg = NPM_TOOL_PACKAGES[tool]
  if (!pkg) return undefined
  try {
    const found = (require(pkg) as { path: string }).path
    return isExecutable(found) ? found : undefined
  } catch {
    // Not installed, or no build for this platform (the package throws).
    return undefined
  }
}

/** Where each tool is: PATH first, then the npm package's binary. `npm: false` looks on PATH only (doctor's tests, a server told to). */
export function findMediaTools(pathValue: string | undefined, options: { npm?: boolean } = {}): MediaTools {
  const tools = {} as MediaTools
  for (const name of TOOL_NAMES) {
    const system = findOnPath(name, pathValue)
    const npm = system || options.npm === false ? undefined : npmBinary(name)
    tools[name] = system ? { path: system, from: 'system' } : npm ? { path: npm, from: 'npm' } : undefined
  }
  return tools
}

/** Whether the pocketsphinx model (Debian's pocketsphinx-en-us) is in `modelDir`. */
export function hasPocketsphinxModel(modelDir: string): boolean {
  return existsSync(path.join(modelDir, 'cmudict-en-us.dict')) && existsSync(path.join(modelDir, 'en-us', 'mdef'))
}

/** How to add a missing tool, on each kind of machine. */
export const INSTALL_HINTS = {
  ffmpeg: 'apt-get install ffmpeg (Debian/Ubuntu) · brew install ffmpeg (macOS) · or run the Docker image (docker build -t lingocast . && docker run -p 3000:3000 -v lingocast-data:/data lingocast)',
  pocketsphinx:
    'apt-get install pocketsphinx pocketsphinx-en-us (Debian/Ubuntu) · on macOS or elsewhere run the Docker image (docker build -t lingocast . && docker run -p 3000:3000 -v lingocast-data:/data lingocast)',
} as const

/** A program this server does not have, named with how to add it. Never the user's file's fault. */
export class MissingToolError extends Error {
  constructor(readonly tool: ToolName) {
    const add = tool === 'pocketsphinx_batch' ? 'apt-get install pocketsphinx pocketsphinx-en-us (Debian/Ubuntu), or the Docker image' : `npm ci (brings ${NPM_TOOL_PACKAGES[tool]}), apt-get install ffmpeg (Debian/Ubuntu) or brew install ffmpeg (macOS)`
    super(`${tool} is not installed on this server. To add it: ${add}.`)
    this.name = 'MissingToolError'
  }
}

let current: MediaTools | undefined

/** Set once at boot (buildApp) from config.tools: every later run of a tool uses these paths. */
export function useMediaTools(tools: MediaTools): void {
  current = tools
}

/**
 * The program to run for `name`. Before boot sets the tools (unit tests
 * calling a helper directly), the bare name: the spawn finds it on PATH, as
 * it always did. After, the path found at boot, or MissingToolError.
 */
export function toolPath(name: ToolName): string {
  if (!current) return name
  const found = current[name]
  if (!found) throw new MissingToolError(name)
  return found.path
}

/** Whether the tool is there (true before boot sets the tools: nothing was checked). */
export function hasTool(name: ToolName): boolean {
  return !current || current[name] !== undefined
}

/** A spawn's ENOENT for a tool that vanished after boot, said as a missing tool. */
export function asMissingTool(error: unknown, name: ToolName): unknown {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? new MissingToolError(name) : error
}
