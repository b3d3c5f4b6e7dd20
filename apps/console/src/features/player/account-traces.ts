import { removeStoredByPrefix } from '../../lib/local-storage'
import { registerAccountStore } from '../offline/owner-data'
import { audioPositionKey, videoPositionKey } from './preferences'

/**
 * The player keeps a position per media in localStorage under the spec's keys
 * (spec 000 s3), which name no account: when another account signs in on this
 * browser, the previous one's positions go, so nobody resumes, or learns of,
 * another's listening. Speed, the pane divider and the word marks switch are
 * this device's settings and stay. Imported by the shell.
 */
registerAccountStore({
  async keepOnly(_account, { switched }) {
    if (switched) removeStoredByPrefix([audioPositionKey(''), videoPositionKey('')])
  },
})
