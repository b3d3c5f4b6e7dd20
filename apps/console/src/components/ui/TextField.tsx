import { forwardRef, useId, type InputHTMLAttributes } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string
  /** Small print under the box, tied to it with aria-describedby. */
  hint?: string
}

/**
 * A labelled text input; the label is the input's accessible name. forwardRef, not React 19's `ref` prop:
 * the browser's build runs on preact/compat, which hands a function component its ref only this way (decision 0029).
 */
export const TextField = forwardRef<HTMLInputElement, Props>(function TextField({ label, hint, className = '', ...props }, ref) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-describedby={hintId}
        {...props}
        className={`block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-500 disabled:bg-slate-50 disabled:text-slate-500 ${className}`}
      />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
})
