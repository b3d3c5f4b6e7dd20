import { DEV_LOGIN_TOKEN } from '@lingocast/contract'
import { podcastFeed, type FeedServer } from '../test/feed-server'

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

/** Show notes as podcast hosts write them: paragraphs, a list of links, an image, the sponsor's line. */
function showNotes(channel: number, episode: number, hostUrl: string): string {
  return [
    `<p>In episode ${episode} of Channel ${channel} we talk about the week's news in plain English, slowly, with the hard words explained as we go.</p>`,
    `<p><img src="${hostUrl}/cover.png" alt=""> Today's words: <strong>estate</strong>, <em>residence</em>, <strong>disposed</strong> and <em>settled</em>.</p>`,
    '<ul>',
    ...Array.from({ length: 4 }, (_, i) => `<li><a href="https://example.org/c${channel}/e${episode}/${i}">Story ${i + 1}: what happened and why it matters</a></li>`),
    '</ul>',
    `<p>Transcript and exercises on our website. Support the show and get every episode without ads &amp; a week early.</p>`,
  ].join('')
}

/**
 * A learner who follows `channels` podcasts of `episodes` episodes each (My Feed lists them all, up to the
 * server's 1,000), from a loopback host the server is allowed to fetch (FETCH_ALLOW_HOSTS=127.0.0.1):
 * each episode with its show notes, each channel with its cover.
 */
export async function followChannels(serverUrl: string, host: FeedServer, channels: number, episodes: number): Promise<void> {
  const api = devApi(serverUrl)
  host.set('/cover.png', { body: COVER_PNG, type: 'image/png' })
  for (let c = 0; c < channels; c++) {
    host.set(`/channel-${c}.xml`, {
      body: podcastFeed({
        title: `Channel ${c}`,
        image: `${host.url}/cover.png`,
        items: Array.from({ length: episodes }, (_, e) => ({
          guid: `c${c}-e${e}`,
          title: `Episode ${episodes - e}: the week in plain English`,
          audio: `${host.url}/c${c}-e${e}.mp3`,
          pubDate: new Date(Date.UTC(2026, 10, 28, 6 + c) - e * 86_400_000).toUTCString(),
          duration: String(1200 + e * 7),
          description: showNotes(c, episodes - e, host.url),
        })),
      }),
    })
    const { rss_id } = await api<{ rss_id: number }>('POST', '/english_vocab/api/import-rss-channel', { rss_url: `${host.url}/channel-${c}.xml` })
    await api('POST', '/english_vocab/api/rss-subscribe', { rss_id })
  }
}

/** A 1x1 PNG: a channel's cover, small, so that the screen's own work is what is measured. */
const COVER_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')
