import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { TMP_SUFFIX } from './receive-upload'

/** An upload in progress writes every moment; one untouched this long was cut off (a crash, a kill). */
export const STALE_UPLOAD_MS = 10 * 60_000

/** Deletes temporary upload files nobody has written to for `staleMs`; returns how many. */
export async function sweepStaleUploads(tmpDir: string, staleMs = STALE_UPLOAD_MS, now = Date.now()): Promise<number> {
  const names = await readdir(tmpDir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    if (!name.endsWith(TMP_SUFFIX)) continue
    const file = path.join(tmpDir, name)
    const info = await stat(file).catch(() => undefined)
    if (info && now - info.mtimeMs > staleMs) {
      await rm(file, { force: true })
      removed++
    }
  }
  return removed
}
