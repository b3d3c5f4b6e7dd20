import { createHash, randomBytes } from 'node:crypto'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Derived files (thumbnails) cached on disk under a key. Writes go to a temp
 * name and are renamed into place, so a crash never leaves a half-written
 * file to be served; concurrent requests for one key share one build.
 */
export function createFileCache(dir: string) {
  const inFlight = new Map<string, Promise<string>>()
  return {
    fileFor(key: string, ext: string): string {
      const hash = createHash('sha256').update(key).digest('hex')
      return path.join(dir, hash.slice(0, 2), `${hash}${ext}`)
    },
    /** The cached file for `key`, building it with `build(tmpFile)` when missing. */
    async getOrBuild(key: string, ext: string, build: (tmpFile: string) => Promise<void | Buffer>): Promise<string> {
      const file = this.fileFor(key, ext)
      if (await stat(file).then((s) => s.size > 0, () => false)) return file
      const pending = inFlight.get(file)
      if (pending) return pending
      const job = (async () => {
        await mkdir(path.dirname(file), { recursive: true })
        const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`
        try {
          const out = await build(tmp)
          if (out) await writeFile(tmp, out)
          await rename(tmp, file)
          return file
        } finally {
          await rm(tmp, { force: true })
        }
      })()
      inFlight.set(file, job)
      try {
        return await job
      } finally {
        inFlight.delete(file)
      }
    },
  }
}

export type FileCache = ReturnType<typeof createFileCache>
