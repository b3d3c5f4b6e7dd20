import { FIRST_DATA_ID } from '@lingocast/contract'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { takeFirstData } from './query-client'

/** A page holding `text` in its answers' script element, as the server writes it (route-shells.ts). */
function pageWith(text: string | undefined) {
  const element = text === undefined ? null : { textContent: text, remove: vi.fn() }
  return { element, doc: { getElementById: (id: string) => (id === FIRST_DATA_ID ? element : null) } as unknown as Document }
}

describe("the page's first answers (decision 0021)", () => {
  it('start the cache with the answers the server put in the page, as fresh as when it asked', () => {
    const server = new QueryClient()
    server.setQueryData(['memories', 'cards', 3], [{ id: 1, front: 'estate' }])
    const { element, doc } = pageWith(JSON.stringify(dehydrate(server)).replace(/</g, '\\u003c'))
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
    takeFirstData(client, doc)
    expect(client.getQueryData(['memories', 'cards', 3])).toEqual([{ id: 1, front: 'estate' }])
    expect(client.getQueryState(['memories', 'cards', 3])?.dataUpdatedAt).toBe(server.getQueryState(['memories', 'cards', 3])?.dataUpdatedAt)
    // Taken once: the element is gone, so nothing reads it again.
    expect(element?.remove).toHaveBeenCalled()
  })

  it('leaves the cache empty without answers, or with answers it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    for (const text of [undefined, '', 'not json']) {
      const client = new QueryClient()
      takeFirstData(client, pageWith(text).doc)
      expect(client.getQueryCache().getAll()).toEqual([])
    }
    takeFirstData(new QueryClient(), undefined)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
