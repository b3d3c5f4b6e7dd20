import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { FullPageSpinner } from '../components/ui/Spinner'
import { RequireAuth } from './RequireAuth'
import { RouteError } from './RouteError'
import { Shell } from './shell/Shell'

/** A route whose screen is its module's default export, fetched on first visit. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default })

/** The route table of spec 000 s2 (and the memories routes of spec 001). */
export const router = createBrowserRouter(
  [
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
              children: [
                { index: true, lazy: screen(() => import('../features/library/LearningScreen')) },
                { path: '/feeds', lazy: screen(() => import('../features/feeds/MyFeedScreen')) },
                { path: '/discover', lazy: screen(() => import('../features/feeds/DiscoverScreen')) },
                { path: '/rss/:id', lazy: screen(() => import('../features/feeds/FeedDetailScreen')) },
                { path: '/player/:mediaType/:id', lazy: screen(() => import('../features/player/PlayerScreen')) },
                { path: '/playlist/:hashId', lazy: screen(() => import('../features/playlists/PlaylistScreen')) },
                { path: '/memories/deck', lazy: screen(() => import('../features/memories/DeckScreen')) },
                { path: '/memories/deck/:deckId', lazy: screen(() => import('../features/memories/DeckScreen')) },
                { path: '/memories/review', lazy: screen(() => import('../features/memories/ReviewScreen')) },
                // Its own chunk with Chart.js, so the first screens stay small.
                { path: '/memories/stats', lazy: screen(() => import('../features/memories/StatsScreen')) },
                { path: '/memories/words', lazy: screen(() => import('../features/vocabulary/VocabularyScreen')) },
                { path: '*', lazy: screen(() => import('./NotFound')) },
              ],
            },
          ],
        },
      ],
    },
  ],
  // Trailing slash on purpose: with '/console', links to '/' would point at
  // /console (no slash), while the spec's home and the server's index are /console/.
  { basename: '/console/' },
)
