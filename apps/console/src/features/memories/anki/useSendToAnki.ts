import type { Flashcard } from '@lingocast/contract'
import { useCallback, useState } from 'react'
import { ankiFailureText } from './anki-messages'
import type { AnkiSendResult } from './send-to-anki'

export type AnkiSendState =
  | { phase: 'idle' }
  | { phase: 'sending'; done: number; total: number }
  | { phase: 'done'; result: AnkiSendResult }
  | { phase: 'failed'; message: string }

/** Send to Anki for a deck screen: one send at a time, its progress, then what came of it. */
export function useSendToAnki() {
  const [state, setState] = useState<AnkiSendState>({ phase: 'idle' })
  const send = useCallback(async (deckName: string, cards: readonly Flashcard[]) => {
    setState({ phase: 'sending', done: 0, total: cards.length })
    try {
      // Loaded on the first send: the markdown renderer it brings is not needed before.
      const { sendCardsToAnki } = await import('./send-to-anki')
      const result = await sendCardsToAnki({ deckName, cards, onProgress: (done, total) => setState({ phase: 'sending', done, total }) })
      setState({ phase: 'done', result })
    } catch (error) {
      setState({ phase: 'failed', message: ankiFailureText(error, window.location.origin) })
    }
  }, [])
  const reset = useCallback(() => setState({ phase: 'idle' }), [])
  return { state, send, reset, busy: state.phase === 'sending' }
}
