import { shadowingRoutes, type ShadowTake } from '@lingocast/contract'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiCall, readAnswer } from '../../api/client'
import { getToken } from '../../lib/cookies'

export const shadowingKeys = {
  all: ['shadowing'] as const,
  takes: (articleId: number, segmentStart: number) => [...shadowingKeys.all, 'takes', articleId, segmentStart] as const,
  take: (id: number) => [...shadowingKeys.all, 'take', id] as const,
}

/** The user's last takes of a segment, newest first; polled while one of them is being scored. */
export const takesQuery = (articleId: number, segmentStart: number) =>
  queryOptions({
    queryKey: shadowingKeys.takes(articleId, segmentStart),
    queryFn: async ({ signal }) => (await apiCall(shadowingRoutes.listTakes, { query: { article_id: articleId, segment_start: segmentStart }, signal })).takes,
    refetchInterval: (query) => (query.state.data?.some((t) => t.status === 'scoring') ? 400 : false),
    refetchOnWindowFocus: false,
  })

/** One take, polled while it is being scored; its final state is written into the segment's list too. */
export const takeQuery = (id: number) =>
  queryOptions({
    queryKey: shadowingKeys.take(id),
    queryFn: async ({ signal }) => (await apiCall(shadowingRoutes.getTake, { params: { id }, signal })).take,
    refetchInterval: (query) => (query.state.data?.status === 'scoring' ? 300 : false),
    refetchOnWindowFocus: false,
  })

/**
 * POSTs the recording as the request body (the typed client sends only JSON,
 * forms and text). The answer is read exactly as the typed client reads it.
 */
export async function uploadTake(articleId: number, segmentStart: number, recording: Blob): Promise<ShadowTake> {
  const route = shadowingRoutes.uploadTake
  const query = new URLSearchParams({ article_id: String(articleId), segment_start: String(segmentStart) })
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': recording.type || 'audio/webm' }
  const token = getToken()
  if (token) headers.authorization = `Bearer ${token}`
  let res: Response
  try {
    res = await fetch(`${route.path}?${query}`, { method: route.method, headers, body: recording, credentials: 'same-origin' })
  } catch {
    throw new ApiError(0, undefined)
  }
  const json: unknown = await res.json().catch(() => undefined)
  return readAnswer(route, res.status, json).take
}

export function useUploadTake(articleId: number, segmentStart: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (recording: Blob) => uploadTake(articleId, segmentStart, recording),
    onSuccess: (take) => {
      client.setQueryData(takesQuery(articleId, segmentStart).queryKey, (takes) => [take, ...(takes ?? []).filter((t) => t.id !== take.id)].slice(0, 5))
      void client.invalidateQueries({ queryKey: shadowingKeys.takes(articleId, segmentStart) })
    },
  })
}

export function useDeleteTake(articleId: number, segmentStart: number) {
  const client = useQueryClient()
  const key = takesQuery(articleId, segmentStart).queryKey
  return useMutation({
    mutationFn: (take: ShadowTake) => apiCall(shadowingRoutes.deleteTake, { params: { id: take.id } }),
    onMutate: async (take) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData(key)
      client.setQueryData(key, (takes) => takes?.filter((t) => t.id !== take.id))
      return { before }
    },
    onError: (_error, _take, context) => client.setQueryData(key, context?.before),
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  })
}
