import { FIRST_DATA_ID } from '@lingocast/contract'
import { hydrate, QueryClient } from '@tanstack/react-query'

/** The console's one query cache: the routes fill it with a screen's first data while its code loads (routes.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
})

/**
 * Starts the cache with the answers the page came with, if any (decision
 * 0021): the screen then renders with the data it was painted with, without
 * asking again. Unreadable answers are ignored; the screen asks for its own.
 */
export function takeFirstData(client: QueryClient, doc: Pick<Document, 'getElementById'> | undefined): void {
  const element = doc?.getElementById(FIRST_DATA_ID)
  if (!element?.textContent) return
  try {
    hydrate(client, JSON.parse(element.textContent))
  } catch (error) {
    console.warn('The page’s first data could not be read:', error)
  }
  element.remove()
}
