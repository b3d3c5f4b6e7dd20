import { registerAccountStore } from './owner-data'

/**
 * Signing out deletes the learner's downloads with their other offline data
 * (owner-data.ts), and another account signing in deletes every download that
 * is not its own: a shared browser keeps nobody's episodes, statuses or
 * lookups for the next one. Imported by the shell; the store loads only then.
 */
registerAccountStore({
  async forget(owner) {
    const [{ listDownloads }, { deleteDownload }] = await Promise.all([import('./store'), import('./downloads')])
    for (const record of await listDownloads(owner)) await deleteDownload(owner, record.id)
  },
  async keepOnly(account, { adopt }) {
    const { keepOnlyDownloadsOf } = await import('./downloads')
    await keepOnlyDownloadsOf(account, adopt)
  },
})
