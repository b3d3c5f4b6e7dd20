/**
 * Small, failure-proof access to localStorage. Private modes and full quotas
 * make the real one throw; a preference that cannot be read or saved must
 * never break a screen, so every failure reads as "nothing stored".
 * The storage is a parameter so that tests can hand in a Map-backed one.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

export function readStored(key: string, storage: KeyValueStorage | undefined = defaultStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeStored(key: string, value: string, storage: KeyValueStorage | undefined = defaultStorage()): void {
  try {
    storage?.setItem(key, value)
  } catch {
    // Quota or privacy mode: the preference is simply not kept.
  }
}

export function removeStored(key: string, storage: KeyValueStorage | undefined = defaultStorage()): void {
  try {
    storage?.removeItem(key)
  } catch {
    // Nothing stored can be removed where nothing can be stored.
  }
}

/** Removes every key that starts with one of the prefixes (the positions of every media played). */
export function removeStoredByPrefix(prefixes: readonly string[], storage: Pick<Storage, 'key' | 'length' | 'removeItem'> | undefined = defaultStorage()): void {
  try {
    if (!storage) return
    const doomed: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null && prefixes.some((prefix) => key.startsWith(prefix))) doomed.push(key)
    }
    for (const key of doomed) storage.removeItem(key)
  } catch {
    // Nothing stored can be removed where nothing can be stored.
  }
}

/** A stored finite number, or undefined when absent or not a number. */
export function readStoredNumber(key: string, storage: KeyValueStorage | undefined = defaultStorage()): number | undefined {
  const raw = readStored(key, storage)
  if (raw === null || raw.trim() === '') return undefined
  const n = Number(raw)
  return Number.isFinite(n) ? n : undefined
}

/** An in-memory storage with the same interface, for tests and for environments without one. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & Pick<Storage, 'key' | 'length'> & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
    dump: () => Object.fromEntries(map),
  }
}
