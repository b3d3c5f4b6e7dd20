import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAutosave } from './autosave'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function setup() {
  const saves: Array<{ text: string; final: boolean; at: number }> = []
  const states: boolean[] = []
  const start = Date.now()
  const autosave = createAutosave({
    intervalMs: 3000,
    save: async (text, final) => void saves.push({ text, final, at: Date.now() - start }),
    onPendingChange: (p) => states.push(p),
  })
  autosave.loaded('loaded')
  return { autosave, saves, states }
}

describe('autosave', () => {
  it('saves the first edit at once, then at most once per 3 seconds, always the latest text', async () => {
    const { autosave, saves } = setup()
    autosave.change('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(saves).toEqual([{ text: 'a', final: false, at: 0 }])
    autosave.change('ab')
    autosave.change('abc')
    await vi.advanceTimersByTimeAsync(2999)
    expect(saves).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(saves[1]).toEqual({ text: 'abc', final: false, at: 3000 })
  })

  it('saves nothing when the text is what was loaded or already saved', async () => {
    const { autosave, saves } = setup()
    autosave.change('loaded')
    await vi.advanceTimersByTimeAsync(10_000)
    autosave.flush()
    expect(saves).toHaveLength(0)
  })

  it('sends unsaved edits at once on leaving, marked final', async () => {
    const { autosave, saves } = setup()
    autosave.change('a')
    await vi.advanceTimersByTimeAsync(0)
    autosave.change('ab')
    autosave.flush()
    expect(saves.at(-1)).toEqual({ text: 'ab', final: true, at: 0 })
    await vi.advanceTimersByTimeAsync(10_000)
    expect(saves).toHaveLength(2)
  })

  it('reports pending while edits are unsaved', async () => {
    const { autosave, states } = setup()
    autosave.change('a')
    expect(autosave.pending).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(autosave.pending).toBe(false)
    expect(states).toEqual([true, false])
  })

  it('keeps failed edits unsaved and retries them with the next change', async () => {
    let fail = true
    const saves: string[] = []
    const autosave = createAutosave({ intervalMs: 3000, save: async (t) => { saves.push(t); if (fail) throw new Error('offline') }, onError: () => {} })
    autosave.loaded('')
    autosave.change('x')
    await vi.advanceTimersByTimeAsync(0)
    expect(autosave.pending).toBe(true)
    fail = false
    autosave.change('xy')
    await vi.advanceTimersByTimeAsync(3000)
    expect(saves).toEqual(['x', 'xy'])
    expect(autosave.pending).toBe(false)
  })
})
