import { createWorkerPool } from '../../../lib/worker-pool'
import { indexDictionary, type IndexTask } from './index-worker'
import { imageBytes, type DictionaryImage } from './lexicon'
import { DICTIONARY_LIMITS } from './limits'

/** How long the indexing thread waits for more work before it ends (and its memory goes back). */
const IDLE_MS = 2000

const indexTask = { module: new URL('./index-worker.ts', import.meta.url), name: 'indexDictionary', run: indexDictionary }

/**
 * Dictionaries are indexed one at a time in one worker thread, at a lower CPU
 * priority than the thread that answers requests: the work grows with the
 * file, so it never holds the event loop, and a dictionary that breaks the
 * limits costs that thread only. Its heap is capped
 * (DICTIONARY_LIMITS.workerHeapMb: a dictionary over it is left out and the
 * thread replaced), as is its time; the thread ends when idle, so the memory
 * its parsing took is returned once a language's dictionaries are ready. A
 * pool of its own, not the outside-text one: an index of seconds must not
 * hold a feed import, nor a feed the first lookup in a language.
 */
export function createIndexer(limits = DICTIONARY_LIMITS) {
  const pool = createWorkerPool({ maxThreads: 1, idleMs: IDLE_MS, resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 32 } })
  const stopping = new AbortController()
  return {
    async index(task: Omit<IndexTask, 'limits'>): Promise<DictionaryImage> {
      const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(limits.indexMs)])
      const image = (await pool.run(indexTask, [{ ...task, limits } satisfies IndexTask], { signal })) as unknown as DictionaryImage
      if (imageBytes(image) > limits.indexBytes) throw new Error(`its index takes over ${Math.round(limits.indexBytes / 1048576)} MB`)
      if (image.index.terms === 0) throw new Error('no headword found in it (is it in the format its name says?)')
      return image
    },
    /** Stops the work in hand and queued (each rejects), and the thread. */
    async close(): Promise<void> {
      stopping.abort()
      await pool.close()
    },
  }
}

export type Indexer = ReturnType<typeof createIndexer>
