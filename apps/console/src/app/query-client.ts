import { QueryClient } from '@tanstack/react-query'

/** The console's one query cache: the providers hand it to React, the routes' loaders fill it before their screens render. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
})
