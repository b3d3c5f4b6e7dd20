interface Props<T extends string> {
  /** The group's accessible name. */
  label: string
  options: ReadonlyArray<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
  className?: string
}

/** A row of toggle buttons of which exactly one is pressed (aria-pressed). */
export function SegmentedControl<T extends string>({ label, options, value, onChange, className = '' }: Props<T>) {
  return (
    <div role="group" aria-label={label} className={`inline-flex rounded-lg bg-slate-200/60 p-1 ${className}`}>
      {options.map((option) => {
        const pressed = option.value === value
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={`min-w-16 rounded-md px-3 py-1.5 text-sm font-medium transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              pressed ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-900/5' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {option.label}
          </button>
        )
      })}
    </div>
  )
}
