import { useState } from 'react'
import { readStored, writeStored } from '../../lib/local-storage'

/** Local storage key of a deck's autoplay choice: on the review screen, each card's sentence plays as it appears. */
export const autoplayKey = (deckId: number) => `reviewAutoplay:${deckId}`

/** Whether the deck's cards play their sentence by themselves; off unless the learner turned it on for this deck. */
export function useDeckAutoplay(deckId: number): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readStored(autoplayKey(deckId)) === '1')
  return [
    on,
    (next: boolean) => {
      writeStored(autoplayKey(deckId), next ? '1' : '0')
      setOn(next)
    },
  ]
}
