import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; children: ReactNode; labelClassName?: string }

/** A labelled select, styled like TextField. */
export function Select({ label, children, className = '', labelClassName = 'block text-sm font-medium text-slate-700', ...props }: Props) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} {...props} className={`block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500 disabled:bg-slate-50 ${className}`}>
        {children}
      </select>
    </div>
  )
}
