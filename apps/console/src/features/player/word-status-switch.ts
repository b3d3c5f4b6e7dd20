import { useSyncExternalStore } from 'react'
import { readShowWordStatus, saveShowWordStatus, WORD_STATUS_KEY } from './preferences'

/**
 * The Word status switch as one value for every view of the
 * transcript: the caption line and the Transcript tab show or
 * hide the marks together, and a switch flipped in another window follows.
 */
let current: boolean | undefined
const listeners = new Set<() => void>()

const read = () => (current ??= readShowWordStatus())

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key !== WORD_STATUS_KEY && e.key !== null) return
    current = undefined
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** Shows or hides the marks everywhere, and remembers it. */
export function setShowWordStatus(show: boolean): void {
  saveShowWordStatus(show)
  current = show
  for (const listener of listeners) listener()
}

export function useShowWordStatus(): boolean {
  return useSyncExternalStore(subscribe, read, read)
}
