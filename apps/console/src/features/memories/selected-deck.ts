import { useSyncExternalStore } from 'react'
import { readStoredNumber, writeStored } from '../../lib/local-storage'

/** Local storage key of the last selected deck (spec 001 s3). */
export const LAST_DECK_KEY = 'lastSelectedDeckId'

const listeners = new Set<() => void>()

/**
 * The last selected deck, remembered locally. Kept as a tiny store so the
 * sidebar's badge follows the deck screen's choice within the same tab
 * (localStorage writes only notify other tabs).
 */
export function selectDeck(id: number) {
  if (storedDeckId() === id) return
  writeStored(LAST_DECK_KEY, String(id))
  for (const l of listeners) l()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === LAST_DECK_KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The last selected deck as stored now (undefined where there is no storage, as on the server). */
export const storedDeckId = (): number | undefined => readStoredNumber(LAST_DECK_KEY)

const nothing = (): undefined => undefined

/**
 * `read` false: a screen whose address names its deck reads nothing, so that storing the deck it opened
 * does not draw it again. A store's change draws its readers at once, in one task: on a phone's first
 * visit to a deck, that was the whole deck screen again right after its first render.
 */
export function useStoredDeckId(read = true): number | undefined {
  return useSyncExternalStore(subscribe, read ? storedDeckId : nothing, nothing)
}

/** The deck a screen works on: the route's, else the stored one if it still exists, else the first. */
export function pickDeckId(decks: ReadonlyArray<{ id: number }>, routeId: number | undefined, storedId: number | undefined): number | undefined {
  if (routeId !== undefined) return routeId
  if (storedId !== undefined && decks.some((d) => d.id === storedId)) return storedId
  return decks[0]?.id
}
