import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'

interface Props {
  title: string
  /** Called on Escape, a click on the backdrop, or the caller's own buttons. */
  onClose: () => void
  children: ReactNode
  /** Buttons row at the bottom. */
  footer?: ReactNode
  /** While true, Escape and the backdrop do not close (e.g. during a save). */
  busy?: boolean
  /** 'wide' for dialogs with a side panel (e.g. a card editor with its AI chat). */
  size?: 'normal' | 'wide'
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the
 * top layer and makes the rest of the page inert, so focus stays inside and
 * screen readers see only the dialog. Mount it to open it, unmount it to
 * close it. The first control takes focus; the opener gets it back.
 */
export function Dialog({ title, onClose, children, footer, busy = false, size = 'normal' }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const body = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const closeRef = useRef(onClose)
  const busyRef = useRef(busy)
  useEffect(() => {
    closeRef.current = onClose
    busyRef.current = busy
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // The first control of the body (not the footer's Cancel); while the body
    // is still loading, the dialog itself, and a control marked autoFocus takes over once it mounts.
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? body.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? dialog).focus()
    const html = document.documentElement
    const overflow = html.style.overflow
    html.style.overflow = 'hidden'
    return () => {
      html.style.overflow = overflow
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [])

  return (
    <dialog
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      // Escape: the browser's cancel; keep the element open and let the owner unmount it.
      onCancel={(e) => {
        e.preventDefault()
        if (!busyRef.current) closeRef.current()
      }}
      // The dialog element itself only receives clicks on its backdrop: the panel fills it.
      onClick={(e) => {
        if (e.target === e.currentTarget && !busyRef.current) closeRef.current()
      }}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'wide' ? 'max-w-4xl' : 'max-w-md'} overflow-visible rounded-2xl bg-transparent p-0 text-slate-900 focus:outline-none backdrop:bg-slate-900/40 backdrop:backdrop-blur-[1px]`}
    >
      {/* Never taller than the window: the title and the buttons stay in view, the content between them scrolls. */}
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-slate-900/10 transition duration-150 ease-out motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0">
        <h2 id={titleId} className="shrink-0 px-6 pt-5 text-base font-semibold text-slate-900">
          {title}
        </h2>
        <div ref={body} className="min-h-0 overflow-y-auto px-6 py-4">
          {children}
        </div>
        {footer && <div className="flex shrink-0 justify-end gap-3 rounded-b-2xl border-t border-slate-100 bg-slate-50/70 px-6 py-3">{footer}</div>}
      </div>
    </dialog>
  )
}
