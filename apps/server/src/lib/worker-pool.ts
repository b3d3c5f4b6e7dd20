import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'

/**
 * Work that grows with input from outside (a feed, a publisher transcript, an
 * uploaded subtitle or deck file) runs here, on a thread of its own, so that
 * /healthz and every other request keep answering while it runs: decoding and
 * parsing a 14 MB feed took 2-3 s of the event loop (up to 42 s under load).
 */

/** Below this many bytes the work is done in place: it takes a few ms, less than a thread's round trip when the thread must start. */
export const INLINE_MAX_BYTES = 16 * 1024

/**
 * A function a worker can import and call: the module's own address (a .ts
 * file; the thread loads it through tsx), the name it is exported under, and
 * the function itself for inputs small enough to run in place.
 */
export interface ThreadTask<A extends unknown[], R> {
  module: URL
  name: string
  run: (...args: A) => R
}

let pool: Piscina | undefined

/**
 * One pool for the whole process, started at its first task. Threads end
 * after a minute without work (their heap with them) and keep no process
 * alive. One core is left to the event loop; a task waits for a free thread.
 */
function threads(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./worker-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
    // Tasks await their modules' first import, which the synchronous wait between tasks would stall.
    atomics: 'disabled',
    // A lower scheduling priority for the threads (nice 10, through @napi-rs/nice where it installs): on a busy machine
    // the event loop gets the CPU first, and a parse takes the time left over.
    niceIncrement: 10,
  })
  return pool
}

/**
 * Runs `task` with `args`: in place when `size` (the input's bytes) is at most
 * INLINE_MAX_BYTES, else on a worker thread. Arguments and the result are
 * copied between threads (structured clone): plain data, Dates and typed
 * arrays survive, class instances do not, so a task returns what went wrong
 * as data and its caller throws it.
 */
export async function runSized<A extends unknown[], R>(task: ThreadTask<A, R>, size: number, ...args: A): Promise<R> {
  if (size <= INLINE_MAX_BYTES) return task.run(...args)
  return (await threads().run({ module: task.module.href, name: task.name, args: args.map(ownBytes) })) as R
}

/** A view into a larger buffer as bytes of its own: a clone copies a view's whole buffer. */
const ownBytes = (arg: unknown) => (arg instanceof Uint8Array && arg.byteLength !== arg.buffer.byteLength ? arg.slice() : arg)
