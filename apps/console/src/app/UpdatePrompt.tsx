import { useCallback } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { Toast } from '../components/ui/Toast'

/** How often an open console asks the server for a new version (a page left open for days still hears of it). */
const UPDATE_CHECK_MS = 60 * 60 * 1000

export const UPDATE_TEXT = { ready: 'A new version is ready', reload: 'Reload' } as const

/**
 * Registers the service worker that keeps the console's shell for offline use
 * (vite-plugin-pwa, decision 0014) and says when a new version is ready. The new
 * version waits until the learner presses Reload (then every tab switches at
 * once) or closes the console: never a page with half old, half new files.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return
      window.setInterval(() => {
        // Offline, or the server is restarting: the next check will do.
        if (navigator.onLine) registration.update().catch(() => undefined)
      }, UPDATE_CHECK_MS)
    },
    onRegisterError(error: unknown) {
      console.warn('The console could not be kept for offline use', error)
    },
  })
  const close = useCallback(() => setNeedRefresh(false), [setNeedRefresh])
  return <Toast message={needRefresh ? UPDATE_TEXT.ready : undefined} duration={null} actions={[{ label: UPDATE_TEXT.reload, onClick: () => void updateServiceWorker(true) }]} onClose={close} />
}
