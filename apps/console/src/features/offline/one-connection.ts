import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb'

/**
 * One connection of this page to an IndexedDB database, opened when first
 * asked for; a newer version opened in another tab closes it, and the next
 * call reopens.
 */
export function oneConnection<S extends DBSchema>(name: string, version: number, upgrade: OpenDBCallbacks<S>['upgrade']) {
  let opening: Promise<IDBPDatabase<S>> | undefined
  return {
    open(): Promise<IDBPDatabase<S>> {
      opening ??= openDB<S>(name, version, {
        upgrade,
        blocking() {
          void opening?.then((db) => db.close())
          opening = undefined
        },
        terminated() {
          opening = undefined
        },
      })
      return opening
    },
    /** Forgets the connection (tests delete the database between cases). */
    async close(): Promise<void> {
      const db = await opening
      db?.close()
      opening = undefined
    },
  }
}
