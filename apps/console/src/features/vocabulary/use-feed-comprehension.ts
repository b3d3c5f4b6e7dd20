import type { Comprehension } from '@lingocast/contract'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { feedComprehensionQueries } from './comprehension-queries'

/**
 * Comprehension of the listed feed episodes by id, asked 500 at a time (the
 * call's limit). Episodes without a known transcript are absent; while
 * loading or after a failure the figures are simply not there.
 */
export function useFeedComprehension(ids: readonly number[]): ReadonlyMap<number, Comprehension> {
  const queries = useMemo(() => feedComprehensionQueries(ids), [ids])
  return useQueries({
    queries,
    combine: (results) => {
      const out = new Map<number, Comprehension>()
      for (const r of results) for (const [id, figure] of Object.entries(r.data ?? {})) out.set(Number(id), figure)
      return out
    },
  })
}
