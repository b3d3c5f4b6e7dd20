import { readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'

/** Work in progress (an upload, a transcription job's directory) is touched every moment; one untouched this long was cut off (a crash, a kill). */
export const STALE_TEMP_MS = 10 * 60_000

/**
 * Deletes the entries of `dir` whose name matches and that nobody has touched
 * for `staleMs`: files, and directories with everything in them. Returns how
 * many. Age, not "everything at start": another process may share DATA_DIR.
 */
export async function sweepStaleEntries(dir: string, matches: (name: string) => boolean = () => true, staleMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    if (!matches(name)) continue
    const entry = path.join(dir, name)
    const info = await stat(entry).catch(() => undefined)
    if (info && now - info.mtimeMs > staleMs) {
      await rm(entry, { recursive: true, force: true })
      removed++
    }
  }
  return removed
}
