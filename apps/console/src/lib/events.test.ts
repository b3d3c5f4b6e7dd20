import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireWindowEvent, onWindowEvent, WINDOW_EVENTS } from './events'

afterEach(() => vi.unstubAllGlobals())

describe('window events', () => {
  it('uses the names the spec gives', () => {
    expect(Object.values(WINDOW_EVENTS)).toEqual(['flashcardChanged', 'playlistsChanged', 'libraryItemsChanged'])
  })

  it('delivers a fired event to its listeners only, until they unsubscribe', () => {
    vi.stubGlobal('window', new EventTarget())
    const playlists = vi.fn()
    const cards = vi.fn()
    const stop = onWindowEvent('playlistsChanged', playlists)
    onWindowEvent('flashcardChanged', cards)
    fireWindowEvent('playlistsChanged')
    expect(playlists).toHaveBeenCalledTimes(1)
    expect(cards).not.toHaveBeenCalled()
    stop()
    fireWindowEvent('playlistsChanged')
    expect(playlists).toHaveBeenCalledTimes(1)
  })
})
