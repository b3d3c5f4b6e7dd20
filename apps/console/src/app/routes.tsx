import type { QueryClient } from '@tanstack/react-query'
import { articleQuery, libraryQuery } from '../features/library/api'
import { decksQuery, flashcardsQuery } from '../features/memories/api'
import { pickDeckId, storedDeckId } from '../features/memories/selected-deck'
import { playlistsQuery } from '../features/playlists/api'
import { feedComprehensionQueries, libraryComprehensionQuery } from '../features/vocabulary/comprehension-queries'
import type { AppRoute } from '../lib/routing/app-route'

/**
 * The article, then the transcript of the media the player will play
 * (features/player/warm-transcript.ts, fetched beside the article so that the
 * first screens' code does not carry it).
 */
const warmArticle = (client: QueryClient, id: string, mediaType: string | undefined) =>
  Promise.all([client.fetchQuery(articleQuery(id)), import('../features/player/warm-transcript')]).then(
    ([article, { warmTranscript }]) => warmTranscript(client, article, mediaType),
    // The screen asks again, and says what went wrong.
    () => undefined,
  )

/** The cards of a deck named by a numeric id (the screen itself says what another one means). */
const warmCards = (client: QueryClient, deckId: string | null | undefined) =>
  deckId && /^\d+$/.test(deckId) ? client.prefetchQuery(flashcardsQuery(Number(deckId))) : undefined

/**
 * The decks, then the cards of the deck picked when no address names one: the
 * one the sidebar's due badge counts (DueBadge.tsx) and /memories/deck opens.
 * Their first render then has them, instead of starting that request as they
 * mount and drawing the screen again at once (a long task on a phone). On the
 * server no deck is stored, so it is the first one.
 */
const warmPickedDeck = (client: QueryClient) =>
  client.fetchQuery(decksQuery()).then(
    (decks) => {
      const id = pickDeckId(decks, undefined, storedDeckId())
      return id === undefined ? undefined : client.prefetchQuery(flashcardsQuery(id))
    },
    // The screen or the sidebar asks again, and says what went wrong (the badge says nothing: only a hint).
    () => undefined,
  )

/** A deck's screens: the decks (the picker, the deck's name) beside the cards of the deck the address names. */
const warmDeck = (client: QueryClient, deckId: string | null | undefined) => Promise.all([client.prefetchQuery(decksQuery()), warmCards(client, deckId)])

/**
 * The data of the console's frame (the sidebar's playlists and due badge),
 * asked for when a route inside it opens, beside the screen's own.
 */
export const warmShell = (client: QueryClient) => Promise.all([client.prefetchQuery(playlistsQuery()), warmPickedDeck(client)])

/**
 * The route table of spec 000 s2 (and the memories routes of spec 001), in
 * order: the first route whose path matches an address opens it. Also
 * rendered at build time (src/prerender), and read by the build for each
 * screen's files (route-preloads.ts: a route's `path` and its `lazy` import).
 */
export const routes: AppRoute[] = [
  { path: '/login', lazy: () => import('../features/auth/LoginScreen') },
  { path: '/subscriptions', redirect: '/feeds' },
  { path: '/rss', redirect: '/discover' },
  { path: '/memories', redirect: '/memories/deck' },
  {
    path: '/',
    signedIn: true,
    // The library, then how much of each item the learner knows: asked for by the screen as the list came,
    // the figures drew the whole list again. After the list, not beside it: the first list seeds the demo
    // articles.
    warm: (_, client) =>
      client.fetchQuery(libraryQuery()).then(
        () => client.prefetchQuery(libraryComprehensionQuery()),
        // The screen asks again, and says what went wrong.
        () => undefined,
      ),
    lazy: () => import('../features/library/LearningScreen'),
  },
  {
    path: '/feeds',
    signedIn: true,
    // Its largest paint is the first episodes: the page brings them (decision 0038), not the console's code.
    frameWithData: true,
    // The feeds' queries come with their own code, beside the screen's: the first screens do not carry it.
    // All three the screen reads, and the episodes' comprehension once their ids are known: one the screen
    // asked for itself as it mounted drew the list again when it came, in one long task on a phone.
    warm: (_, client) =>
      import('../features/feeds/api').then(({ feedsQuery, subscribedIdsQuery, subscribedItemsQuery }) =>
        Promise.all([
          client.fetchQuery(subscribedItemsQuery()).then(
            (items) => Promise.all(feedComprehensionQueries(items.map((item) => item.id)).map((query) => client.prefetchQuery(query))),
            // The screen asks again, and says what went wrong.
            () => undefined,
          ),
          client.prefetchQuery(feedsQuery()),
          client.prefetchQuery(subscribedIdsQuery()),
        ]),
      ),
    lazy: () => import('../features/feeds/MyFeedScreen'),
  },
  { path: '/discover', signedIn: true, lazy: () => import('../features/feeds/DiscoverScreen') },
  { path: '/rss/:id', signedIn: true, lazy: () => import('../features/feeds/FeedDetailScreen') },
  {
    path: '/player/:mediaType/:id',
    signedIn: true,
    frameWithData: true,
    warm: ({ params }, client) => (params.id ? warmArticle(client, params.id, params.mediaType) : undefined),
    lazy: () => import('../features/player/PlayerScreen'),
  },
  { path: '/playlist/:hashId', signedIn: true, lazy: () => import('../features/playlists/PlaylistScreen') },
  { path: '/memories/deck', signedIn: true, warm: (_, client) => warmPickedDeck(client), lazy: () => import('../features/memories/DeckScreen') },
  { path: '/memories/deck/:deckId', signedIn: true, warm: ({ params }, client) => warmDeck(client, params.deckId), lazy: () => import('../features/memories/DeckScreen') },
  {
    path: '/memories/review',
    signedIn: true,
    frameWithData: true,
    warm: ({ search }, client) => warmDeck(client, new URLSearchParams(search).get('deck_id')),
    lazy: () => import('../features/memories/ReviewScreen'),
  },
  // Its own chunk with Chart.js, so the first screens stay small.
  { path: '/memories/stats', signedIn: true, lazy: () => import('../features/memories/StatsScreen') },
  { path: '/memories/words', signedIn: true, lazy: () => import('../features/vocabulary/VocabularyScreen') },
  { path: '/downloads', signedIn: true, lazy: () => import('../features/offline/DownloadsScreen') },
  { path: '*', signedIn: true, lazy: () => import('./NotFound') },
]
