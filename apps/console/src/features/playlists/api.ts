import { defineRoute } from '@lingocast/contract'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiCall } from '../../api/client'

/**
 * GET /english_vocab/api/playlists, defined here until the playlists issue
 * moves it into the contract together with the server's implementation.
 */
const listPlaylists = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/playlists',
  auth: 'bearer',
  response: z.object({
    msg: z.string(),
    playlists: z.array(z.object({ id: z.number(), title: z.string(), is_mine: z.boolean(), hash_id: z.string() })),
  }),
})

export type PlaylistSummary = z.output<typeof listPlaylists.response>['playlists'][number]

export const playlistKeys = {
  all: ['playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
}

/** The user's playlists. A load failure empties the list and is only logged (spec 000 s8). */
export const playlistsQuery = () =>
  queryOptions({
    queryKey: playlistKeys.list(),
    queryFn: async ({ signal }): Promise<PlaylistSummary[]> => {
      try {
        const res = await apiCall(listPlaylists, { signal })
        if (res.msg !== 'ok') throw new Error(res.msg)
        return res.playlists
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error
        console.error('Failed to fetch playlists:', error)
        return []
      }
    },
  })
