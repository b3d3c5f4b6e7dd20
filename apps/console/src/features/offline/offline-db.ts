import type { DBSchema, IDBPDatabase } from 'idb'
import { oneConnection } from './one-connection'

/** What the console keeps in the browser for working offline (ARCHITECTURE.md s15): one IndexedDB database. */
export const OFFLINE_DB_NAME = 'lingocast-offline'

export interface StoredOutboxEntry {
  /** Send order; IndexedDB assigns it. */
  seq?: number
  id: string
  owner: string
  kind: string
  payload: unknown
  madeAt: number
  /** '' when the entry has no key: IndexedDB indexes only defined values of a compound key's parts. */
  coalesceKey: string
}

export interface RejectedEntry {
  id: string
  owner: string
  kind: string
  payload: unknown
  madeAt: number
  /** The server's message, shown to the learner as is. */
  message: string
}

export interface OfflineSchema extends DBSchema {
  outbox: {
    key: number
    value: StoredOutboxEntry
    indexes: { 'by-owner': string; 'by-id': string; 'by-coalesce': [string, string, string] }
  }
  rejected: {
    key: string
    value: RejectedEntry
    indexes: { 'by-owner': string }
  }
}

/**
 * Each version's step, in order: a new store or index is a new step, never an
 * edit of an old one, since browsers already hold databases at every version.
 */
function upgrade(db: IDBPDatabase<OfflineSchema>, oldVersion: number): void {
  if (oldVersion < 1) {
    const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
    outbox.createIndex('by-owner', 'owner')
    outbox.createIndex('by-id', 'id', { unique: true })
    outbox.createIndex('by-coalesce', ['owner', 'kind', 'coalesceKey'])
    const rejected = db.createObjectStore('rejected', { keyPath: 'id' })
    rejected.createIndex('by-owner', 'owner')
  }
}

export const OFFLINE_DB_VERSION = 1

const connection = oneConnection<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, upgrade)

/** The one connection of this page; a newer version opened in another tab closes it, and the next call reopens. */
export const offlineDb = (): Promise<IDBPDatabase<OfflineSchema>> => connection.open()

/** Forgets the connection (tests delete the database between cases). */
export const closeOfflineDb = (): Promise<void> => connection.close()
