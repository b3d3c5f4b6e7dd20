import { describe, expect, it } from 'vitest'
import { keepEarlyKeys, REPLAY_WINDOW_MS } from './early-keys'

/** A key press as the page's window hands it to listeners. */
function press(target: EventTarget, key: string, init: { repeat?: boolean; shiftKey?: boolean } = {}) {
  const event = Object.assign(new Event('keydown', { cancelable: true }), { key, code: key === ' ' ? 'Space' : `Key${key.toUpperCase()}`, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, repeat: false, ...init })
  target.dispatchEvent(event)
  return event
}

describe('keys pressed on the first frame', () => {
  it('are kept in order while the frame shows, handed over once, and Space does not scroll the frame', () => {
    const page = new EventTarget()
    const keys = keepEarlyKeys(page, () => true)
    const space = press(page, ' ')
    press(page, 'r', { shiftKey: true })
    expect(space.defaultPrevented).toBe(true)
    expect(keys.take()).toEqual([
      { key: ' ', code: 'Space', shiftKey: false, ctrlKey: false, altKey: false, metaKey: false },
      { key: 'r', code: 'KeyR', shiftKey: true, ctrlKey: false, altKey: false, metaKey: false },
    ])
    expect(keys.take(), 'a second screen gets nothing').toEqual([])
  })

  it('are not kept once the console has taken over, nor a held key repeating', () => {
    const page = new EventTarget()
    let shown = true
    const keys = keepEarlyKeys(page, () => shown)
    press(page, ' ', { repeat: true })
    shown = false
    const later = press(page, ' ')
    expect(later.defaultPrevented, "the console's own screen decides what Space does").toBe(false)
    expect(keys.take()).toEqual([])
  })

  it('are dropped when no screen took them soon after the frame went away', () => {
    const page = new EventTarget()
    let now = 1000
    const soon = keepEarlyKeys(page, () => true, () => now)
    press(page, ' ')
    soon.frameGone()
    now += REPLAY_WINDOW_MS
    expect(soon.take().map((k) => k.key)).toEqual([' '])

    const target = new EventTarget()
    const stale = keepEarlyKeys(target, () => true, () => now)
    press(target, ' ')
    stale.frameGone()
    now += REPLAY_WINDOW_MS + 1
    expect(stale.take(), 'a Space on the Learning frame must not reveal a card opened later').toEqual([])
  })

  it('stop being recorded when the frame goes', () => {
    const page = new EventTarget()
    const keys = keepEarlyKeys(page, () => true)
    keys.frameGone()
    press(page, ' ')
    expect(keys.take()).toEqual([])
  })

  it('tell once when the frame came on screen, to the screen of its own address, soon after it went', () => {
    const review = '/console/memories/review?deck_id=1'
    let now = 1000
    const keys = keepEarlyKeys(new EventTarget(), () => true, () => now)
    keys.frameSeen(250, review)
    keys.frameSeen(900, review)
    keys.frameGone()
    now += REPLAY_WINDOW_MS
    expect(keys.shownAt(review), 'the first time it was seen').toBe(250)
    expect(keys.shownAt(review), 'the second card is timed from its own showing').toBeUndefined()

    const other = keepEarlyKeys(new EventTarget(), () => true, () => now)
    other.frameSeen(250, '/console/')
    expect(other.shownAt(review), "the Learning screen's frame does not time a review opened from it").toBeUndefined()

    const stale = keepEarlyKeys(new EventTarget(), () => true, () => now)
    stale.frameSeen(250, review)
    stale.frameGone()
    now += REPLAY_WINDOW_MS + 1
    expect(stale.shownAt(review)).toBeUndefined()
    expect(keepEarlyKeys(new EventTarget(), () => true).shownAt(review), 'no frame at all').toBeUndefined()
  })
})
