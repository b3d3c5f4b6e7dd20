import { queryOptions } from '@tanstack/react-query'
import { defineRoute } from '@lingocast/contract'
import { z } from 'zod'
import { apiCall } from '../../api'

/**
 * The sidebar's playlist list. Local route definition until the playlists
 * issue moves it into the contract with the server's implementation.
 */
const listPlaylists = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/playlists',
  auth: 'bearer',
  response: z.object({
    msg: z.string(),
    playlists: z.array(z.object({ id: z.number(), hash_id: z.string(), title: z.string(), is_mine: z.boolean() })),
  }),
})

export type PlaylistSummary = z.infer<typeof listPlaylists.response>['playlists'][number]

/** A load failure empties the list and is only logged (spec 000 s8). */
export const playlistsQuery = () =>
  queryOptions({
    queryKey: ['playlists', 'list'],
    queryFn: async ({ signal }): Promise<PlaylistSummary[]> => {
      try {
        const res = await apiCall(listPlaylists, { signal })
        return res.msg === 'ok' ? res.playlists : []
      } catch (error) {
        console.warn('Failed to fetch playlists:', error)
        return []
      }
    },
  })
