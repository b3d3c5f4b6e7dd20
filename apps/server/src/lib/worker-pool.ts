import { availableParallelism } from 'node:os'
import type { ResourceLimits } from 'node:worker_threads'
import { Piscina } from 'piscina'

/**
 * Work that grows with input from outside (a feed, a publisher transcript, an
 * uploaded subtitle or deck file, a dictionary) runs on threads of its own, so
 * that /healthz and every other request keep answering while it runs:
 * decoding and parsing a 14 MB feed took 2-3 s of the event loop (up to 42 s
 * under load). ARCHITECTURE.md s16.
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

export interface WorkerPoolOptions {
  /** Threads at most; default one core less than the machine has (the event loop keeps one). */
  maxThreads?: number
  /** A thread ends after this long without work, and its heap with it. */
  idleMs: number
  resourceLimits?: ResourceLimits
}

/**
 * A pool of threads started at its first task, each running any ThreadTask.
 * Threads keep no process alive and run at a lower scheduling priority (nice
 * 10, through @napi-rs/nice where it installs): on a busy machine the event
 * loop gets the CPU first. A task waits for a free thread.
 */
export function createWorkerPool(options: WorkerPoolOptions) {
  let pool: Piscina | undefined
  const threads = () =>
    (pool ??= new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.maxThreads ?? Math.max(1, availableParallelism() - 1),
      idleTimeout: options.idleMs,
      // Tasks await their modules' first import, which the synchronous wait between tasks would stall.
      atomics: 'disabled',
      niceIncrement: 10,
      ...(options.resourceLimits ? { resourceLimits: options.resourceLimits } : {}),
    }))

  /**
   * Runs `task` with `args` on a thread. Arguments and the result are copied
   * between threads (structured clone, or moved where the task says so):
   * plain data, Dates and typed arrays survive, class instances do not, so a
   * task returns what went wrong as data and its caller throws it.
   */
  async function run<A extends unknown[], R>(task: ThreadTask<A, R>, args: A, runOptions: { signal?: AbortSignal } = {}): Promise<R> {
    return (await threads().run({ module: task.module.href, name: task.name, args: args.map(ownBytes) }, runOptions)) as R
  }

  return {
    run,
    /** Runs `task` in place when `size` (the input's bytes) is at most INLINE_MAX_BYTES, else on a thread. */
    async runSized<A extends unknown[], R>(task: ThreadTask<A, R>, size: number, ...args: A): Promise<R> {
      if (size <= INLINE_MAX_BYTES) return task.run(...args)
      return run(task, args)
    },
    /** Stops the threads; work in hand and queued rejects. */
    async close(): Promise<void> {
      await pool?.destroy()
      pool = undefined
    },
  }
}

export type WorkerPool = ReturnType<typeof createWorkerPool>

/** The process's pool for outside text (feeds, transcripts, subtitles, deck files). */
const outsideText = createWorkerPool({ idleMs: 60_000 })
export const runSized = outsideText.runSized

/** A view into a larger buffer as bytes of its own: a clone copies a view's whole buffer. */
const ownBytes = (arg: unknown) => (arg instanceof Uint8Array && arg.byteLength !== arg.buffer.byteLength ? arg.slice() : arg)
