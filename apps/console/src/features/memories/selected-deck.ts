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

export function useStoredDeckId(): number | undefined {
  return useSyncExternalStore(subscribe, storedDeckId, () => undefined)
}

/** The deck a screen works on: the route's, else the stored one if it still exists, else the first. */
export function pickDeckId(decks: ReadonlyArray<{ id: number }>, routeId: number | undefined, storedId: number | undefined): number | undefined {
  if (routeId !== undefined) return routeId
  if (storedId !== undefined && decks.some((d) => d.id === storedId)) return storedId
  return decks[0]?.id
}
