import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { Providers } from './app/providers'
import { queryClient } from './app/query-client'
import { router } from './app/router'
import { UpdatePrompt } from './app/UpdatePrompt'
import { openingSessionCheck } from './features/auth/session-check'
import './index.css'

// Importing the router already started loading the opened route's code and data (router.tsx); the
// sign-in check goes out now too, beside them, not after React's first render.
void openingSessionCheck(queryClient)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
)
