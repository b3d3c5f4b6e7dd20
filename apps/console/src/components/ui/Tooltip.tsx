import type { ReactNode } from 'react'

interface Props {
  /** The text shown on hover and keyboard focus. */
  label: string
  children: ReactNode
  side?: 'top' | 'bottom'
  /** Which edge of the control the hint lines up with; 'end' for controls at the right edge of the screen. */
  align?: 'center' | 'end'
  className?: string
}

/**
 * A small hint over (or under) a control, shown on hover and on keyboard
 * focus, also over a disabled button. It is visual only: give the control
 * itself the same text as its accessible name (aria-label), so it is not
 * read twice. Hidden hints take no room (display: none), so one near the edge
 * of a phone screen cannot widen the page.
 */
export function Tooltip({ label, children, side = 'top', align = 'center', className = '' }: Props) {
  return (
    <span className={`group/tooltip relative inline-flex ${className}`}>
      {children}
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute z-40 hidden w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-center text-xs font-medium text-white shadow-lg group-hover/tooltip:block group-has-[:focus-visible]/tooltip:block motion-safe:transition-opacity motion-safe:transition-discrete motion-safe:starting:opacity-0 ${
          side === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
        } ${align === 'end' ? 'right-0' : 'left-1/2 -translate-x-1/2'}`}
      >
        {label}
      </span>
    </span>
  )
}
