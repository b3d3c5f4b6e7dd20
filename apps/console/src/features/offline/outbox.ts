import type { QueryKey } from '@tanstack/react-query'
import { ApiError } from '../../api/client'
import { clientId } from './client-id'
import { offlineDb, type RejectedEntry, type StoredOutboxEntry } from './offline-db'
import { offlinePlugins } from './plugins'

/**
 * The one outbox (ARCHITECTURE.md s15): writes the learner made while the
 * server could not be reached wait here, in IndexedDB, and are sent in the
 * order they were made once it can. Each carries a client-made id the server
 * applies once, so a send whose answer was lost can be repeated safely, and
 * the time it was made, so the server can order it among other devices' writes.
 */
export interface OutboxEntry<P = unknown> {
  id: string
  /**
   * The account (its `user_id`) that made the change; entries are sent only in
   * that account's session (each sender passes it as the call's `account`),
   * and kept for it while another account uses the browser.
   */
  owner: string
  kind: string
  payload: P
  /** Date.now() when the learner made the change. */
  madeAt: number
  /** Send order, assigned when queued. */
  seq?: number
  /** An unsent entry with the same owner, kind and key is replaced by a newer one (the notes of one article). */
  coalesceKey: string
}

export interface OutboxSender<P> {
  /**
   * Sends one entry, passing `entry.id` as the idempotency key and
   * `entry.madeAt` as the change's time; throws an ApiError when it fails.
   */
  send(entry: OutboxEntry<P>): Promise<void>
  /** Queries whose data is stale once entries of this kind reached the server (invalidated by prefix). */
  staleQueries?: readonly QueryKey[]
}

export type FlushResult = { sent: number; rejected: number; left: number }

export interface OutboxChange {
  owner: string
  /** Kinds of which entries reached the server in this change (their screens' data is stale). */
  sentKinds: string[]
}

const senders = new Map<string, OutboxSender<unknown>>()
const listeners = new Set<(change: OutboxChange) => void>()

/** Registers the one sender of a kind; the feature that owns the kind does it when its module loads. */
export function registerSender<P>(kind: string, sender: OutboxSender<P>): void {
  senders.set(kind, sender as OutboxSender<unknown>)
}

/** Calls `listener` after entries are queued, sent or rejected; returns the unsubscribe. */
export function onOutboxChange(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function emit(owner: string, sentKinds: Iterable<string> = []): void {
  const change = { owner, sentKinds: [...new Set(sentKinds)] }
  for (const listener of listeners) listener(change)
}

export function isOnline(): boolean {
  return globalThis.navigator?.onLine ?? true
}

/**
 * Whether a failed send should wait and be tried again rather than be given
 * up: no answer at all, a session to renew (401), or a server in trouble. Any
 * other refusal is final: the server read the change and said no.
 */
export function shouldWait(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500
}

function newEntry<P>(owner: string, kind: string, payload: P, coalesceKey = ''): OutboxEntry<P> {
  return { id: clientId(), owner, kind, payload, madeAt: Date.now(), coalesceKey }
}

async function store(entry: OutboxEntry): Promise<OutboxEntry> {
  if (!entry.owner) throw new Error('A change is kept only for a known account')
  const db = await offlineDb()
  const tx = db.transaction('outbox', 'readwrite')
  if (entry.coalesceKey) {
    const older = await tx.store.index('by-coalesce').getAllKeys([entry.owner, entry.kind, entry.coalesceKey])
    for (const seq of older) await tx.store.delete(seq)
  }
  const seq = await tx.store.add({ ...entry } as StoredOutboxEntry)
  await tx.done
  emit(entry.owner)
  return { ...entry, seq }
}

/** Queues a change to be sent when the server can be reached, and tries at once when online. */
export async function enqueue<P>(owner: string, kind: string, payload: P, opts: { coalesceKey?: string } = {}): Promise<OutboxEntry<P>> {
  const entry = (await store(newEntry(owner, kind, payload, opts.coalesceKey))) as OutboxEntry<P>
  if (isOnline()) void flushOutbox(owner)
  return entry
}

/** The owner's unsent entries in send order, of one kind or all. */
export async function pendingEntries(owner: string, kind?: string): Promise<OutboxEntry[]> {
  const db = await offlineDb()
  const all = (await db.getAllFromIndex('outbox', 'by-owner', owner)) as OutboxEntry[]
  return kind ? all.filter((e) => e.kind === kind) : all
}

export async function rejectedEntries(owner: string): Promise<RejectedEntry[]> {
  const db = await offlineDb()
  return (await db.getAllFromIndex('rejected', 'by-owner', owner)).sort((a, b) => a.madeAt - b.madeAt)
}

/** The learner has read a rejection's message. */
export async function dismissRejected(owner: string, id: string): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction('rejected', 'readwrite')
  if ((await tx.store.get(id))?.owner === owner) await tx.store.delete(id)
  await tx.done
  emit(owner)
}

/** A change sent at once (with the server's answer), or queued to be sent when the server can be reached. */
export type SentOrQueued<R> = { queued: false; answer: R } | { queued: true }

/**
 * Sends the change now when online and nothing of this learner waits before
 * it; otherwise queues it. A refusal of a direct send is thrown as before, so
 * the screen shows the server's message; only a send that got no usable answer
 * is queued (with the same id: if it did reach the server, the retry is a no-op).
 * `sendNow` is the direct send when it differs from the kind's sender (no
 * change time: the server's clock counts) and answers what the screen needs;
 * `online` is the browser's network as the caller read it.
 */
export async function sendOrQueue<P, R = void>(
  owner: string,
  kind: string,
  payload: P,
  opts: { coalesceKey?: string; online?: boolean; sendNow?: (entry: OutboxEntry<P>) => Promise<R> } = {},
): Promise<SentOrQueued<R>> {
  const entry = newEntry(owner, kind, payload, opts.coalesceKey)
  // No account known for this session yet (the server has not named it): sent now or not at all, never kept under no one.
  if (!owner) return { queued: false, answer: await (opts.sendNow ?? ((e: OutboxEntry<P>) => senderOf(kind).send(e) as Promise<R>))(entry) }
  if ((opts.online ?? isOnline()) && (await pendingEntries(owner)).length === 0) {
    const sendNow = opts.sendNow ?? ((e: OutboxEntry<P>) => senderOf(kind).send(e) as Promise<R>)
    try {
      const answer = await sendNow(entry)
      emit(owner, [kind])
      return { queued: false, answer }
    } catch (error) {
      if (!shouldWait(error)) throw error
    }
  }
  await store(entry)
  if (isOnline()) void flushOutbox(owner)
  return { queued: true }
}

/** The queries to refetch after entries of these kinds were sent. */
export function staleQueriesOf(kinds: Iterable<string>): QueryKey[] {
  return [...kinds].flatMap((kind) => [...(senders.get(kind)?.staleQueries ?? [])])
}

function senderOf(kind: string): OutboxSender<unknown> {
  const sender = senders.get(kind)
  if (!sender) throw new Error(`No outbox sender for "${kind}"`)
  return sender
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** Sends the owner's entries oldest first until one must wait; a refused one moves to the rejected list. */
async function drain(owner: string): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, rejected: 0, left: 0 }
  const sentKinds: string[] = []
  await offlinePlugins()
  const db = await offlineDb()
  for (;;) {
    const entry = (await db.getFromIndex('outbox', 'by-owner', owner)) as OutboxEntry | undefined
    if (!entry) break
    const sender = senders.get(entry.kind)
    // A kind whose feature is not loaded waits; offlinePlugins() loaded every sender, so this is a version mismatch.
    if (!sender) break
    try {
      await sender.send(entry)
      await db.delete('outbox', entry.seq!)
      result.sent++
      sentKinds.push(entry.kind)
    } catch (error) {
      if (shouldWait(error)) break
      const tx = db.transaction(['outbox', 'rejected'], 'readwrite')
      await tx.objectStore('outbox').delete(entry.seq!)
      const { id, kind, payload, madeAt } = entry
      await tx.objectStore('rejected').put({ id, owner, kind, payload, madeAt, message: messageOf(error) })
      await tx.done
      result.rejected++
    }
  }
  result.left = (await db.getAllKeysFromIndex('outbox', 'by-owner', owner)).length
  if (result.sent || result.rejected) emit(owner, sentKinds)
  return result
}

// lib.dom types request() as a promise of the callback's promise; awaiting it gives the value.
async function inLock<T>(locks: LockManager, name: string, run: () => Promise<T>): Promise<T> {
  return (await locks.request(name, run)) as T
}

const flushing = new Map<string, Promise<FlushResult>>()
const again = new Set<string>()

/**
 * Sends the owner's queue, once at a time: a call during a flush runs another
 * after it, and tabs of one browser take turns (Web Locks), so no entry is
 * sent twice at once (the server would apply it once anyway).
 */
export function flushOutbox(owner: string): Promise<FlushResult> {
  const running = flushing.get(owner)
  if (running) {
    again.add(owner)
    return running
  }
  const locks = globalThis.navigator?.locks
  const drained: Promise<FlushResult> = locks ? inLock(locks, `lingocast-outbox:${owner}`, () => drain(owner)) : drain(owner)
  const run = drained.finally(() => {
    flushing.delete(owner)
    if (again.delete(owner)) void flushOutbox(owner)
  })
  flushing.set(owner, run)
  return run
}

/** Resolves when no flush runs (a test closes the database only then). */
export async function whenOutboxIdle(): Promise<void> {
  while (flushing.size) await Promise.allSettled([...flushing.values()])
}

/**
 * Gives the entries an older console kept under a username (`from`, before
 * accounts had ids) to the account signed in with that name then, and
 * deletes every other such entry: whose they were can no longer be told
 * (two accounts shared a name), and sending them to the wrong one is what
 * account ids prevent. Entries of other accounts are kept for them.
 */
export async function settleOutbox(account: string, isAccount: (owner: string) => boolean, adopt?: string): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction(['outbox', 'rejected'], 'readwrite')
  const outbox = tx.objectStore('outbox')
  for (const entry of await outbox.getAll()) {
    if (isAccount(entry.owner)) continue
    if (entry.owner === adopt) await outbox.put({ ...entry, owner: account })
    else await outbox.delete(entry.seq!)
  }
  const rejected = tx.objectStore('rejected')
  for (const entry of await rejected.getAll()) {
    if (isAccount(entry.owner)) continue
    if (entry.owner === adopt) await rejected.put({ ...entry, owner: account })
    else await rejected.delete(entry.id)
  }
  await tx.done
  emit(account)
}

/** Forgets everything this learner left in the outbox (signing out of a shared browser). */
export async function clearOwner(owner: string): Promise<void> {
  const db = await offlineDb()
  const tx = db.transaction(['outbox', 'rejected'], 'readwrite')
  for (const seq of await tx.objectStore('outbox').index('by-owner').getAllKeys(owner)) await tx.objectStore('outbox').delete(seq)
  for (const id of await tx.objectStore('rejected').index('by-owner').getAllKeys(owner)) await tx.objectStore('rejected').delete(id)
  await tx.done
  emit(owner)
}
