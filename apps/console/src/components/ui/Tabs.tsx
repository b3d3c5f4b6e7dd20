import { useRef, type KeyboardEvent, type ReactNode } from 'react'

export interface TabItem<T extends string> {
  value: T
  label: string
  icon?: ReactNode
}

/** The ids that tie a tab to its panel; use `tabPanelProps` on the panel. */
const tabId = (base: string, value: string) => `${base}-tab-${value}`
const panelId = (base: string, value: string) => `${base}-panel-${value}`

export function tabPanelProps(base: string, value: string) {
  return { role: 'tabpanel', id: panelId(base, value), 'aria-labelledby': tabId(base, value), tabIndex: 0 } as const
}

interface Props<T extends string> {
  /** A unique prefix for the ids (useId()). */
  base: string
  label: string
  tabs: ReadonlyArray<TabItem<T>>
  value: T
  onChange: (value: T) => void
  className?: string
}

/**
 * A tab list (WAI-ARIA APG, automatic activation): Left/Right, Home and End
 * move between tabs and select them; only the selected tab is in the Tab order.
 */
export function Tabs<T extends string>({ base, label, tabs, value, onChange, className = '' }: Props<T>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const index = Math.max(0, tabs.findIndex((t) => t.value === value))

  const onKeyDown = (e: KeyboardEvent) => {
    const last = tabs.length - 1
    const moves: Record<string, number> = { ArrowRight: index >= last ? 0 : index + 1, ArrowLeft: index <= 0 ? last : index - 1, Home: 0, End: last }
    const next = moves[e.key]
    if (next === undefined) return
    e.preventDefault()
    onChange(tabs[next]!.value)
    refs.current[next]?.focus()
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={`flex gap-1 ${className}`}>
      {tabs.map((tab, i) => {
        const selected = i === index
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={tabId(base, tab.value)}
            aria-selected={selected}
            aria-controls={panelId(base, tab.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={`relative inline-flex items-center gap-2 px-3 py-2.5 text-sm font-medium transition focus:outline-none focus-visible:rounded-md focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              selected ? 'text-indigo-700 after:absolute after:inset-x-2 after:-bottom-px after:h-0.5 after:rounded-full after:bg-indigo-600' : 'text-slate-500 hover:text-slate-900'
            }`}
          >
            {tab.icon && (
              <span data-tab-icon className="[&>svg]:h-4 [&>svg]:w-4">
                {tab.icon}
              </span>
            )}
            <span data-tab-label>{tab.label}</span>
          </button>
        )
      })}
    </div>
  )
}
