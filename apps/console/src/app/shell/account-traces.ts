import { removeStoredByPrefix } from '../../lib/local-storage'
import { registerAccountStore } from '../../features/offline/owner-data'

/**
 * What the screens keep in localStorage of the learner using this browser,
 * under keys that name no account (most are the spec's): the position in each
 * media played (player/preferences.ts), the chat of each article
 * (tutor/chat-history.ts), the deck last chosen, last used from the player and
 * each deck's autoplay, the cards sent to Anki (memories). When another account signs in, the previous
 * one's go, so nobody resumes, reads or learns of another's. Speed, the pane
 * divider and the word marks switch are this device's settings and stay.
 * Prefixes, not the modules' key functions: this loads right after the first
 * screen, without the modules that keep them (account-traces.test.ts checks they match).
 */
export const ACCOUNT_TRACE_PREFIXES = [
  'audioPlayerPosition_',
  'videoPlayerPosition_',
  'chat_history_',
  'lastSelectedDeckId',
  'lastPlayerDeckId',
  'reviewAutoplay:',
  'ankiSentCards',
] as const

registerAccountStore({
  async keepOnly(_account, { switched }) {
    if (switched) removeStoredByPrefix(ACCOUNT_TRACE_PREFIXES)
  },
})
