import { copyFile, link, mkdir, mkdtemp, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from '../lib/storage'

export interface CopyCounts {
  copied: number
  /** Already in the target with the same size. */
  skipped: number
  failed: number
}

/**
 * Copies every file of a local storage into another storage (a bucket),
 * skipping those the target already holds with the same size, so running it
 * again after an interruption only does what is left. The source is never
 * changed. A few files at once: one slow object does not hold up the rest.
 */
export async function copyStorage(options: {
  source: Storage
  /** The source's directory: files are hard-linked from it into `tmpDir` for put, which moves what it is given. */
  sourceRoot: string
  target: Storage
  tmpDir: string
  concurrency?: number
  onError?: (address: string, error: unknown) => void
}): Promise<CopyCounts> {
  const { source, target } = options
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0 }
  await mkdir(options.tmpDir, { recursive: true })
  const dir = await mkdtemp(path.join(options.tmpDir, 'copy-'))
  const addresses = source.list('/')[Symbol.asyncIterator]()
  let n = 0
  const worker = async () => {
    for (let next = await addresses.next(); !next.done; next = await addresses.next()) {
      const address = next.value
      try {
        const [have, want] = await Promise.all([target.stat(address), source.stat(address)])
        if (!want) continue
        if (have?.size === want.size) {
          counts.skipped++
          continue
        }
        const file = path.join(dir, `${n++}${path.posix.extname(address)}`)
        // A second name for the same bytes, free on one disk; a copy only across disks.
        await link(path.join(options.sourceRoot, address.slice(1)), file).catch(() => copyFile(path.join(options.sourceRoot, address.slice(1)), file))
        try {
          await target.put(file, address)
        } finally {
          await rm(file, { force: true })
        }
        counts.copied++
      } catch (error) {
        counts.failed++
        options.onError?.(address, error)
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return counts
}
