import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'

/**
 * The media cache's directory, flat: `<sha256>.json` describes an entry (its address, size, validators
 * and when it was fetched) and names its data file `<sha256>.<id>.media`. A description is written to a
 * temp name and renamed, so a reader never sees half of one; one that does not parse is no entry.
 */
const storedMeta = z.object({
  address: z.string(),
  file: z.string().regex(/^[0-9a-f]{64}\.[0-9a-f]+\.media$/),
  size: z.number().int().nonnegative(),
  contentType: z.string().optional(),
  etag: z.string().optional(),
  lastModified: z.string().optional(),
  fetchedAt: z.number(),
})
export type StoredMeta = z.infer<typeof storedMeta>

export function createCacheDir(dir: string) {
  const keyOf = (address: string) => createHash('sha256').update(address).digest('hex')
  const metaPath = (key: string) => path.join(dir, `${key}.json`)

  async function readMeta(file: string): Promise<StoredMeta | undefined> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    if (text === undefined) return undefined
    try {
      const parsed = storedMeta.safeParse(JSON.parse(text))
      return parsed.success ? parsed.data : undefined
    } catch {
      return undefined
    }
  }

  async function writeMeta(key: string, meta: StoredMeta): Promise<void> {
    const tmp = path.join(dir, `${key}.${randomBytes(6).toString('hex')}.json.tmp`)
    try {
      await writeFile(tmp, JSON.stringify(meta))
      await rename(tmp, metaPath(key))
    } finally {
      await rm(tmp, { force: true })
    }
  }

  async function removeEntry(key: string, meta: StoredMeta | undefined): Promise<void> {
    await rm(metaPath(key), { force: true })
    if (meta) await rm(path.join(dir, meta.file), { force: true })
  }

  /** Complete entries, least recently used first. */
  async function entries(): Promise<Array<{ key: string; meta: StoredMeta; usedAt: number }>> {
    const names = await readdir(dir).catch(() => [] as string[])
    const found: Array<{ key: string; meta: StoredMeta; usedAt: number }> = []
    for (const name of names) {
      const m = /^([0-9a-f]{64})\.json$/.exec(name)
      if (!m) continue
      const key = m[1]!
      const [meta, info] = await Promise.all([readMeta(path.join(dir, name)), stat(path.join(dir, name)).catch(() => undefined)])
      if (!meta || !info) continue
      found.push({ key, meta, usedAt: info.mtimeMs })
    }
    return found.sort((a, b) => a.usedAt - b.usedAt)
  }

  return { dir, keyOf, metaPath, readMeta, writeMeta, removeEntry, entries }
}

export type CacheDir = ReturnType<typeof createCacheDir>

/** The fields of `value` that are set: a description keeps no undefined validators. */
export function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
