import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { FullPageSpinner } from '../components/ui/Spinner'
import { articleQuery, libraryQuery } from '../features/library/api'
import { decksQuery, flashcardsQuery } from '../features/memories/api'
import { pickDeckId, storedDeckId } from '../features/memories/selected-deck'
import { playlistsQuery } from '../features/playlists/api'
import { getToken } from '../lib/cookies'
import { RequireAuth } from './RequireAuth'
import { RouteError } from './RouteError'
import { queryClient } from './query-client'
import { FRAME_WITH_DATA, serverLoadOf } from './server-load'
import { Shell } from './shell/Shell'

/** A route whose screen is its module's default export, fetched on first visit. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default })

/**
 * A route's loader that asks for the data its screen opens with, while the
 * screen's code loads and the sign-in check runs (all three start together
 * when the router is made). Never awaited in the browser: the screen's own
 * queries take the answers from the cache. Nothing is asked without a session,
 * where the screen is not shown. On the server (server-load.ts) it fills the
 * render's cache and the render waits for what it asked.
 */
const prefetch = (ask: (args: LoaderFunctionArgs, client: QueryClient) => Promise<unknown> | undefined) => (args: LoaderFunctionArgs) => {
  const server = serverLoadOf(args.context)
  if (server ? !server.fetchData : !getToken()) return null
  const asked = ask(args, server?.client ?? queryClient)
  if (server && asked) server.pending.push(asked)
  return null
}

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
 * The decks, then the cards of the deck the sidebar's due badge counts
 * (DueBadge.tsx): its first render then has them, instead of starting that
 * request as it mounts and drawing the screen again at once (a long task on a
 * phone). On the server no deck is stored, so it is the first one.
 */
const warmDueCards = (client: QueryClient) =>
  client.fetchQuery(decksQuery()).then(
    (decks) => {
      const id = pickDeckId(decks, undefined, storedDeckId())
      return id === undefined ? undefined : client.prefetchQuery(flashcardsQuery(id))
    },
    // The sidebar asks again, and says nothing: the badge is only a hint.
    () => undefined,
  )

/** The route table of spec 000 s2 (and the memories routes of spec 001); also rendered at build time (src/prerender). */
export const routes: RouteObject[] = [
  {
    // Shown while the first screen's chunk loads, and when a screen fails.
    HydrateFallback: () => <FullPageSpinner label="Loading" />,
    ErrorBoundary: RouteError,
    children: [
      { path: '/login', lazy: screen(() => import('../features/auth/LoginScreen')) },
      { path: '/subscriptions', element: <Navigate to="/feeds" replace /> },
      { path: '/rss', element: <Navigate to="/discover" replace /> },
      { path: '/memories', element: <Navigate to="/memories/deck" replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <Shell />,
            ErrorBoundary: RouteError,
            // The sidebar's playlists and due badge.
            loader: prefetch((_, client) => Promise.all([client.prefetchQuery(playlistsQuery()), warmDueCards(client)])),
            children: [
              { index: true, loader: prefetch((_, client) => client.prefetchQuery(libraryQuery())), lazy: screen(() => import('../features/library/LearningScreen')) },
              {
                path: '/feeds',
                // The feeds' queries come with their own code, beside the screen's: the first screens do not carry it.
                loader: prefetch((_, client) =>
                  import('../features/feeds/api').then(({ feedsQuery, subscribedItemsQuery }) => Promise.all([client.prefetchQuery(subscribedItemsQuery()), client.prefetchQuery(feedsQuery())])),
                ),
                lazy: screen(() => import('../features/feeds/MyFeedScreen')),
              },
              { path: '/discover', lazy: screen(() => import('../features/feeds/DiscoverScreen')) },
              { path: '/rss/:id', lazy: screen(() => import('../features/feeds/FeedDetailScreen')) },
              {
                path: '/player/:mediaType/:id',
                handle: FRAME_WITH_DATA,
                loader: prefetch(({ params }, client) => (params.id ? warmArticle(client, params.id, params.mediaType) : undefined)),
                lazy: screen(() => import('../features/player/PlayerScreen')),
              },
              { path: '/playlist/:hashId', lazy: screen(() => import('../features/playlists/PlaylistScreen')) },
              { path: '/memories/deck', lazy: screen(() => import('../features/memories/DeckScreen')) },
              { path: '/memories/deck/:deckId', loader: prefetch(({ params }, client) => warmCards(client, params.deckId)), lazy: screen(() => import('../features/memories/DeckScreen')) },
              {
                path: '/memories/review',
                handle: FRAME_WITH_DATA,
                loader: prefetch(({ request }, client) => warmCards(client, new URL(request.url).searchParams.get('deck_id'))),
                lazy: screen(() => import('../features/memories/ReviewScreen')),
              },
              // Its own chunk with Chart.js, so the first screens stay small.
              { path: '/memories/stats', lazy: screen(() => import('../features/memories/StatsScreen')) },
              { path: '/memories/words', lazy: screen(() => import('../features/vocabulary/VocabularyScreen')) },
              { path: '/downloads', lazy: screen(() => import('../features/offline/DownloadsScreen')) },
              { path: '*', lazy: screen(() => import('./NotFound')) },
            ],
          },
        ],
      },
    ],
  },
]

// Trailing slash on purpose: with '/console', links to '/' would point at
// /console (no slash), while the spec's home and the server's index are /console/.
export const ROUTER_BASENAME = '/console/'

