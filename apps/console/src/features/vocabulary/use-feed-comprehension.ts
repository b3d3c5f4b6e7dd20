import type { Comprehension } from '@lingocast/contract'
import { useQueries } from '@tanstack/react-query'
import { useMemo } from 'react'
import { feedComprehensionQuery } from './comprehension-queries'
import { chunks } from './words'

const IDS_PER_CALL = 500

/**
 * Comprehension of the listed feed episodes by id, asked 500 at a time (the
 * call's limit). Episodes without a known transcript are absent; while
 * loading or after a failure the figures are simply not there.
 */
export function useFeedComprehension(ids: readonly number[]): ReadonlyMap<number, Comprehension> {
  const groups = useMemo(() => chunks([...new Set(ids)].sort((a, b) => a - b), IDS_PER_CALL), [ids])
  return useQueries({
    queries: groups.map((group) => feedComprehensionQuery(group)),
    combine: (results) => {
      const out = new Map<number, Comprehension>()
      for (const r of results) for (const [id, figure] of Object.entries(r.data ?? {})) out.set(Number(id), figure)
      return out
    },
  })
}
