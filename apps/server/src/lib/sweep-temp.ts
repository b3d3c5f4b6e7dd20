import { lstat, readdir, rm } from 'node:fs/promises'
import path from 'node:path'

/** Work in progress (an upload, a transcription job's directory) is touched every moment; one untouched this long was cut off (a crash, a kill). */
export const STALE_TEMP_MS = 10 * 60_000

/**
 * Whether anything in `entry`, itself or below, was modified after `since`.
 * A job writing a long download into its directory touches the file, not the
 * directory: the directory's own mtime alone would call it abandoned. Stops at
 * the first fresh entry; an entry gone meanwhile counts as touched (nothing to remove).
 */
async function touchedSince(entry: string, since: number): Promise<boolean> {
  const info = await lstat(entry).catch(() => undefined)
  if (!info || info.mtimeMs > since) return true
  if (!info.isDirectory()) return false
  const names = await readdir(entry).catch(() => [] as string[])
  for (const name of names) if (await touchedSince(path.join(entry, name), since)) return true
  return false
}

/**
 * Deletes the entries of `dir` whose name matches and in which nothing has
 * been touched for `staleMs`: files, and directories with everything in them.
 * Returns how many. Age, not "everything at start": another process may share DATA_DIR.
 */
export async function sweepStaleEntries(dir: string, matches: (name: string) => boolean = () => true, staleMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    if (!matches(name)) continue
    const entry = path.join(dir, name)
    if (!(await touchedSince(entry, now - staleMs))) {
      await rm(entry, { recursive: true, force: true })
      removed++
    }
  }
  return removed
}

/**
 * Sweeps `dir` where some of its directories are containers that jobs make
 * their work directories in (`clips/clip-*`): a container is never removed
 * (a job may be about to make its directory there), and its entries are swept
 * one by one by their own age, since every new job touches the container and
 * would otherwise keep a crash's leftovers beside it alive for ever.
 */
export async function sweepStaleTree(dir: string, containers: readonly string[], staleMs = STALE_TEMP_MS, now = Date.now()): Promise<number> {
  let removed = await sweepStaleEntries(dir, (name) => !containers.includes(name), staleMs, now)
  for (const name of containers) removed += await sweepStaleEntries(path.join(dir, name), () => true, staleMs, now)
  return removed
}
