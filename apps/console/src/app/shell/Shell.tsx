import { Menu, X } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useFlashcardChangedEvent } from '../../features/memories/api'
import { OfflineBanner } from '../../features/offline/OfflineBanner'
import { OutboxFlusher } from '../../features/offline/OutboxFlusher'
import { usePlaylistsChangedEvent } from '../../features/playlists/api'
import { useMediaQuery } from '../../lib/media-query'
import { useAddressPath } from '../../lib/routing/navigation'
import { Sidebar } from './Sidebar'
import { SIDEBAR_BESIDE } from './sidebar-beside'

/**
 * Fixed 64-unit sidebar from md up; below that a slide-in drawer with a menu
 * toggle and an overlay, closed by an outside click or a navigation click.
 */
export function Shell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // The sidebar is drawn beside the screen from md on, and below it only in the open drawer
  // (sidebar-beside.ts); its lists still hear of every change meanwhile, and are read afresh when drawn.
  // Once drawn beside, it stays (hidden below md, as before): a window narrowed or a tablet turned must
  // not lose what it holds open, such as the sign-out question.
  const beside = useMediaQuery(SIDEBAR_BESIDE, true)
  const [besideDrawn, setBesideDrawn] = useState(beside)
  if (beside && !besideDrawn) setBesideDrawn(true)
  usePlaylistsChangedEvent()
  useFlashcardChangedEvent()
  const address = useAddressPath()
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  // Any navigation closes the drawer, including Back and links inside screens. When the address
  // changes, not when the next screen shows: a drawer opened again meanwhile stays open.
  useEffect(() => setOpen(false), [address])

  useEffect(() => {
    if (!open) return
    closeButton.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    // The page behind the overlay must not scroll under the user's finger.
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const opener = menuButton.current
    return () => {
      window.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      opener?.focus({ preventScroll: true })
    }
  }, [open])

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-slate-200 bg-white md:block">
        {besideDrawn && <Sidebar />}
      </aside>

      <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-slate-200 bg-white/90 px-3 py-2 backdrop-blur md:hidden">
        <button
          ref={menuButton}
          type="button"
          aria-label="Open menu"
          aria-expanded={open}
          aria-controls="mobile-drawer"
          onClick={() => setOpen(true)}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Menu className="h-5 w-5" aria-hidden="true" />
        </button>
        <span className="text-lg font-bold tracking-tight text-indigo-600">Lingocast</span>
      </header>

      <div
        className={`fixed inset-0 z-40 bg-slate-900/50 transition-opacity md:hidden ${open ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
        aria-hidden="true"
        data-testid="drawer-overlay"
        onClick={() => setOpen(false)}
      />
      {/* Rendered only while open, so its links are not in the page twice for assistive tech. */}
      {open && (
        <div
          id="mobile-drawer"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className="fixed inset-y-0 left-0 z-50 w-64 max-w-[85vw] bg-white shadow-xl motion-safe:animate-[drawer-in_150ms_ease-out] md:hidden"
        >
          <button
            ref={closeButton}
            type="button"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
            className="absolute right-3 top-4 z-10 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
          <Sidebar onNavigate={() => setOpen(false)} />
        </div>
      )}

      <main className="md:pl-64">
        <OutboxFlusher />
        <OfflineBanner />
        {children}
      </main>
    </div>
  )
}
