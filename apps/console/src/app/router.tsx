import { createBrowserRouter, Navigate } from 'react-router'
import { RequireAuth } from './RequireAuth'
import { Shell } from './shell/Shell'

const placeholder = (name: keyof typeof import('./placeholders')) => async () => ({ Component: (await import('./placeholders'))[name] })

/** The route table of spec 000 s2 (and the memories routes of spec 001), under basename /console. */
export const router = createBrowserRouter(
  [
    { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/LoginScreen')).default }) },
    { path: '/subscriptions', element: <Navigate to="/feeds" replace /> },
    { path: '/rss', element: <Navigate to="/discover" replace /> },
    { path: '/memories', element: <Navigate to="/memories/deck" replace /> },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <Shell />,
          children: [
            { index: true, lazy: async () => ({ Component: (await import('../features/library/LearningScreen')).default }) },
            { path: '/feeds', lazy: placeholder('MyFeedScreen') },
            { path: '/discover', lazy: placeholder('DiscoverScreen') },
            { path: '/rss/:id', lazy: placeholder('FeedDetailScreen') },
            { path: '/player/:mediaType/:id', lazy: placeholder('PlayerScreen') },
            { path: '/playlist/:hashId', lazy: placeholder('PlaylistScreen') },
            { path: '/memories/deck', lazy: placeholder('DecksScreen') },
            { path: '/memories/deck/:deckId', lazy: placeholder('DecksScreen') },
            { path: '/memories/review', lazy: placeholder('ReviewScreen') },
            { path: '/memories/stats', lazy: placeholder('StatsScreen') },
            { path: '*', lazy: async () => ({ Component: (await import('./NotFound')).default }) },
          ],
        },
      ],
    },
  ],
  // Trailing slash: the spec's home is /console/, and navigate('/') must land there.
  { basename: '/console/' },
)
