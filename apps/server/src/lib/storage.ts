import path from 'node:path'

/**
 * Where stored media and images live. Addresses of stored files are paths
 * starting with '/' (spec 000 s5: such thumbnails get the storage jump
 * prefix). Local disk under DATA_DIR/storage by default, plus read-only
 * mounts (the demo content shipped with the app). This is the seam where
 * S3-compatible object storage plugs in for several machines.
 */
export interface Storage {
  /** The absolute file of a stored address, or undefined when it is not one (or tries to escape). */
  resolve(address: string): string | undefined
}

export function isStoredAddress(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//')
}

export function createLocalStorage(options: { root: string; mounts?: Record<string, string> }): Storage {
  const mounts = Object.entries(options.mounts ?? {})
  return {
    resolve(address) {
      if (!isStoredAddress(address) || address.includes('\0') || address.includes('\\')) return undefined
      const normal = path.posix.normalize(address)
      if (normal !== address || normal.split('/').includes('..') || normal.endsWith('/')) return undefined
      const mount = mounts.find(([prefix]) => normal.startsWith(prefix))
      const [prefix, dir] = mount ?? ['/', options.root]
      const file = path.join(dir, normal.slice(prefix.length))
      return file.startsWith(path.resolve(dir) + path.sep) ? file : undefined
    },
  }
}
