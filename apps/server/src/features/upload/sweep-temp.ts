import { STALE_TEMP_MS, sweepStaleEntries } from '../../lib/sweep-temp'
import { TMP_SUFFIX } from './receive-upload'

/** An upload in progress writes every moment; one untouched this long was cut off (a crash, a kill). */
export const STALE_UPLOAD_MS = STALE_TEMP_MS

/** Deletes temporary upload files nobody has written to for `staleMs`; returns how many. */
export function sweepStaleUploads(tmpDir: string, staleMs = STALE_UPLOAD_MS, now = Date.now()): Promise<number> {
  return sweepStaleEntries(tmpDir, (name) => name.endsWith(TMP_SUFFIX), staleMs, now)
}
