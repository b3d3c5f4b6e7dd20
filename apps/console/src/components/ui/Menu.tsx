import { Check } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export interface MenuItem {
  label: string
  onSelect: () => void
  icon?: ReactNode
  /** Drawn in red: destructive actions. */
  danger?: boolean
  /** Set on every item of a choice (e.g. a speed): radio items, the chosen one checked and opened on. */
  checked?: boolean
}

interface Props {
  /** The trigger's accessible name, e.g. "More actions for {title}". */
  label: string
  /** The menu's own name when it differs from the trigger's (default: `label`). */
  menuLabel?: string
  /** The trigger's content, usually an icon. */
  trigger: ReactNode
  items: MenuItem[]
  triggerClassName?: string
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end'
  onOpenChange?: (open: boolean) => void
  menuClassName?: string
}

/**
 * A menu button (WAI-ARIA APG): Enter, Space or the arrows open it on an
 * item; arrows, Home and End move; Escape and Tab close it; so does a click
 * anywhere else. Choosing an item closes the menu, hands focus back to the
 * trigger and then runs the item, so a dialog it opens can take focus.
 */
export function Menu({ label, menuLabel = label, trigger, items, triggerClassName = '', align = 'end', onOpenChange, menuClassName = 'min-w-48' }: Props) {
  const [open, setOpenState] = useState(false)
  const [active, setActive] = useState(0)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([])
  const menuId = useId()

  const setOpen = (next: boolean) => {
    setOpenState(next)
    onOpenChange?.(next)
  }
  const checkedIndex = items.findIndex((item) => item.checked)
  // A choice opens on what is chosen; actions on the first (or, going up, the last) item.
  const openAt = (index: number) => {
    setActive(checkedIndex >= 0 ? checkedIndex : index)
    setOpen(true)
  }
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  // Focus follows the active item while open.
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus()
  }, [open, active])

  // A press outside closes the menu without stealing the focus the press gives.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) {
        setOpenState(false)
        onOpenChange?.(false)
      }
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [open, onOpenChange])

  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault()
      openAt(0)
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      openAt(items.length - 1)
    }
  }

  const onMenuKey = (e: KeyboardEvent) => {
    const last = items.length - 1
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      Home: 0,
      End: last,
    }
    if (e.key in moves) {
      e.preventDefault()
      setActive(moves[e.key]!)
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      close(true)
    } else if (e.key === 'Tab') {
      close(false)
    } else if (e.key.length === 1 && /\S/.test(e.key)) {
      // Type-ahead: the next item starting with the typed letter.
      const key = e.key.toLowerCase()
      const order = [...items.keys()].map((i) => (active + 1 + i) % items.length)
      const next = order.find((i) => items[i]!.label.toLowerCase().startsWith(key))
      if (next !== undefined) setActive(next)
    }
  }

  const choose = (item: MenuItem) => {
    close(true)
    item.onSelect()
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onTriggerKey}
        className={`rounded-lg text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-expanded:bg-slate-100 aria-expanded:text-slate-900 ${triggerClassName}`}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKey}
          className={`absolute top-full z-30 mt-1 ${menuClassName} origin-top rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out focus:outline-none motion-safe:starting:scale-95 motion-safe:starting:opacity-0 ${align === 'end' ? 'right-0' : 'left-0'}`}
        >
          {items.map((item, i) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el
              }}
              type="button"
              role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
              aria-checked={item.checked}
              tabIndex={i === active ? 0 : -1}
              onClick={() => choose(item)}
              onPointerMove={() => i !== active && setActive(i)}
              className={`flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium focus:outline-none ${
                item.danger ? 'text-red-600 focus:bg-red-50' : 'text-slate-700 focus:bg-slate-100 focus:text-slate-900'
              } aria-checked:font-semibold aria-checked:text-indigo-700`}
            >
              {item.icon && <span className="shrink-0 [&>svg]:h-4 [&>svg]:w-4">{item.icon}</span>}
              {item.label}
              {item.checked && <Check className="ml-auto h-4 w-4" aria-hidden="true" />}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
