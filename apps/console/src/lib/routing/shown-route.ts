import { createContext, useContext } from 'react'
import type { RouteParams } from './match'

/** The route the console shows: the one of the address, or the last one while the address's screen code loads. */
export interface ShownRoute {
  /** The path under the console's base (`/player/audio/3`). */
  pathname: string
  params: RouteParams
  /** The query, without its `?`. */
  search: string
}

export const ShownRouteContext = createContext<ShownRoute>({ pathname: '/', params: {}, search: '' })

export const useShownRoute = () => useContext(ShownRouteContext)
