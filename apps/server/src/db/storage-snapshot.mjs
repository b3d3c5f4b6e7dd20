// The stored files as they are at one instant, taken in the PGlite worker while
// no query runs (see docs/decisions/0009-embedded-backups.md). Plain JavaScript:
// the worker has no TypeScript loader.
import { linkSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** Work in progress that has no address yet: a copy across disks (lib/storage.ts) and the readiness probe. */
const notStored = (name) => name.endsWith('.partial') || name.startsWith('.readyz-')

/**
 * Lists every stored file under `storageDir` and hard-links each into
 * `linkDir`: a link costs microseconds and keeps the bytes even if the file is
 * deleted later. Where links cannot be made (another file system), the rest
 * is only listed and `linked` says so.
 * @returns {{ files: string[], linked: boolean }} paths relative to storageDir, '/'-separated
 */
export function snapshotStorage(storageDir, linkDir) {
  const files = []
  const madeDirs = new Set()
  let linked = true
  const walk = (dir, rel) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (error) {
      if (error.code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath)
      if (!entry.isFile() || notStored(entry.name)) continue
      if (linked) {
        const target = path.join(linkDir, relPath)
        try {
          const parent = path.dirname(target)
          if (!madeDirs.has(parent)) mkdirSync(parent, { recursive: true })
          madeDirs.add(parent)
          linkSync(path.join(dir, entry.name), target)
        } catch (error) {
          // Gone since the listing: deleted after its row was, before this instant. Not part of the snapshot.
          if (error.code === 'ENOENT') continue
          if (!['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'EACCES'].includes(error.code)) throw error
          linked = false
        }
      }
      files.push(relPath)
    }
  }
  walk(storageDir, '')
  return { files, linked }
}
