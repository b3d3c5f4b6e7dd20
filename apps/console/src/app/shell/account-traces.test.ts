import { describe, expect, it } from 'vitest'
import { PLAYER_DECK_KEY } from '../../features/memories/card-from-sentence'
import { ANKI_SENT_KEY } from '../../features/memories/anki/sent-cards'
import { autoplayKey } from '../../features/memories/review-autoplay'
import { LAST_DECK_KEY } from '../../features/memories/selected-deck'
import { audioPositionKey, videoPositionKey } from '../../features/player/preferences'
import { chatHistoryKey } from '../../features/tutor/chat-history'
import { ACCOUNT_TRACE_PREFIXES } from './account-traces'

describe("what another account's sign-in clears from localStorage", () => {
  it("covers every key the screens keep of the learner, and none of this device's settings", () => {
    const covered = (key: string) => ACCOUNT_TRACE_PREFIXES.some((prefix) => key.startsWith(prefix))
    for (const key of [audioPositionKey('/demo/a.mp3'), videoPositionKey('youtube:x'), chatHistoryKey('AbC123'), LAST_DECK_KEY, PLAYER_DECK_KEY, autoplayKey(7), ANKI_SENT_KEY]) expect(covered(key), key).toBe(true)
    for (const key of ['player_speed_setting', 'player_divider_width', 'player_show_word_status', 'lingocast.sessionAccount', 'lingocast.lastAccount']) expect(covered(key), key).toBe(false)
  })
})
