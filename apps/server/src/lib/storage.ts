import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises'
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
  /**
   * Moves a complete local file (already flushed to disk) into storage at
   * `address`. All or nothing: the address never names a partial file.
   */
  put(localFile: string, address: string): Promise<void>
  /** Deletes a stored file; a missing one is not an error. */
  remove(address: string): Promise<void>
}

export function isStoredAddress(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//')
}

export function createLocalStorage(options: { root: string; mounts?: Record<string, string> }): Storage {
  const mounts = Object.entries(options.mounts ?? {})
  const writable = (address: string) => {
    const file = resolve(address)
    if (!file || mounts.some(([prefix]) => address.startsWith(prefix))) throw new Error(`not a writable storage address: ${address}`)
    return file
  }
  function resolve(address: string): string | undefined {
    if (!isStoredAddress(address) || address.includes('\0') || address.includes('\\')) return undefined
    const normal = path.posix.normalize(address)
    if (normal !== address || normal.split('/').includes('..') || normal.endsWith('/')) return undefined
    const mount = mounts.find(([prefix]) => normal.startsWith(prefix))
    const [prefix, dir] = mount ?? ['/', options.root]
    const file = path.join(dir, normal.slice(prefix.length))
    return file.startsWith(path.resolve(dir) + path.sep) ? file : undefined
  }
  return {
    resolve,
    async put(localFile, address) {
      const target = writable(address)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(localFile, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        // Another disk: copy beside the target, then rename there, so the address still appears whole.
        const beside = `${target}.${process.pid}.partial`
        await copyFile(localFile, beside)
        await rename(beside, target)
        await rm(localFile, { force: true })
      }
      await syncDir(path.dirname(target))
    },
    async remove(address) {
      await rm(writable(address), { force: true })
    },
  }
}

/** Makes a rename durable: the directory entry itself is flushed (best effort where unsupported). */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r').catch(() => undefined)
  await handle?.sync().catch(() => undefined)
  await handle?.close()
}
