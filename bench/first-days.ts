import { DEV_LOGIN_TOKEN } from '@lingocast/contract'

/** The developer shortcut's API (DEV_LOGIN=1) on `serverUrl`, as a learner's other device would call it. */
export function devApi(serverUrl: string) {
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(serverUrl + url, {
      method,
      headers: { authorization: `Bearer ${DEV_LOGIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
}

/**
 * What a learner's first days leave behind, for the screens a bench opens: the demo article (every new
 * learner gets it) and a deck named `deckName` of due cards.
 */
export async function firstDays(serverUrl: string, deckName: string, cards: Array<[front: string, back: string]>): Promise<{ demoHashId: string; deckId: number }> {
  const api = devApi(serverUrl)
  const { collections } = await api<{ collections: Array<{ HashID: string; Audio: string | null }> }>('GET', '/english_vocab/api/word_collections')
  const demo = collections.find((a) => a.Audio === '/demo/sense-and-sensibility.mp3')!
  const { deck } = await api<{ deck: { id: number } }>('POST', '/english_vocab/memories/deck', { name: deckName })
  for (const [front, back] of cards) await api('POST', '/english_vocab/memories/flashcard', { deck_id: deck.id, front, back })
  return { demoHashId: demo.HashID, deckId: deck.id }
}
