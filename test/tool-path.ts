import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface ToolPath {
  /** A PATH value: one directory of links to the programs kept. */
  PATH: string
  cleanup(): void
}

/**
 * The PATH of a machine that lacks some programs: a temporary directory of
 * symbolic links to every program on this PATH except those `without` names
 * (a string is a name, a RegExp a pattern), first one of a name winning as in
 * a shell. What the server finds there is what a fresh laptop would have.
 */
export function pathWithout(without: Array<string | RegExp>, base = process.env.PATH ?? ''): ToolPath {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lingocast-path-'))
  const skip = (name: string) => without.some((w) => (typeof w === 'string' ? w === name : w.test(name)))
  const linked = new Set<string>()
  for (const from of base.split(path.delimiter)) {
    let names: string[]
    try {
      names = readdirSync(from)
    } catch {
      continue
    }
    for (const name of names) {
      if (linked.has(name) || skip(name)) continue
      const file = path.join(from, name)
      try {
        accessSync(file, constants.X_OK)
        if (!statSync(file).isFile()) continue
      } catch {
        continue
      }
      symlinkSync(file, path.join(dir, name))
      linked.add(name)
    }
  }
  return { PATH: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Every program of pocketsphinx, ffmpeg's and ffprobe: what a machine without Debian's packages lacks. */
export const SYSTEM_MEDIA_TOOLS: Array<string | RegExp> = ['ffmpeg', 'ffprobe', /^pocketsphinx/]
