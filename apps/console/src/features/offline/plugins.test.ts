import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enqueue, flushOutbox, pendingEntries, registerSender, whenOutboxIdle } from './outbox'
import { forgetOfflineData, registerAccountStore } from './owner-data'
import { offlinePluginsFrom } from './plugins'

/*
 * The features' offline parts register themselves after the first screen (app/shell/offline-plugins.ts).
 * A sign-out or a flush that comes first must not miss them.
 */

const later = (register: () => void) => () => new Promise((resolve) => setTimeout(() => resolve(register()), 20))

afterEach(async () => {
  await whenOutboxIdle()
  vi.unstubAllGlobals()
})

describe('offline parts loaded after the first screen', () => {
  it('a sign-out while they still load forgets the stores they register', async () => {
    const forget = vi.fn(async () => {})
    offlinePluginsFrom(later(() => registerAccountStore({ forget })))
    await forgetOfflineData('account-a')
    expect(forget).toHaveBeenCalledWith('account-a')
  })

  it('a change queued while they still load is sent by its own sender, not left waiting', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const sent: unknown[] = []
    offlinePluginsFrom(later(() => registerSender<{ n: number }>('plugins-test', { send: async (entry) => void sent.push(entry.payload) })))
    await enqueue('account-b', 'plugins-test', { n: 1 })
    expect(await flushOutbox('account-b')).toMatchObject({ sent: 1, left: 0 })
    expect(sent).toEqual([{ n: 1 }])
    expect(await pendingEntries('account-b')).toEqual([])
  })

  it('a load that fails does not stop the sign-out, and the next one loads them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const forget = vi.fn(async () => {})
    let tries = 0
    offlinePluginsFrom(async () => {
      if (++tries === 1) throw new TypeError('Failed to fetch dynamically imported module')
      registerAccountStore({ forget })
    })
    await forgetOfflineData('account-c')
    expect(forget).not.toHaveBeenCalled()
    expect(warn).toHaveBeenCalled()
    await forgetOfflineData('account-c')
    expect(tries).toBe(2)
    expect(forget).toHaveBeenCalledWith('account-c')
    warn.mockRestore()
  })
})
