import type { DictionaryInfo } from '@lingocast/contract'
import { useId } from 'react'
import { LANGUAGE_TEXT, languageOptions } from '../language-text'

interface Props {
  label: string
  value: string | null
  dictionaries: DictionaryInfo[]
  disabled?: boolean
  help?: string
  onChange: (code: string | null) => void
}

/** The learner's language: those this server has a dictionary for first, then every other ISO 639-1 language. */
export function LanguageSelect({ label, value, dictionaries, disabled, help, onChange }: Props) {
  const id = useId()
  const { withDictionary, others } = languageOptions(dictionaries)
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        className="block w-full max-w-xs rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500 disabled:bg-slate-50"
      >
        <option value="">{LANGUAGE_TEXT.notSet}</option>
        {withDictionary.length > 0 && (
          <optgroup label={LANGUAGE_TEXT.withDictionary}>
            {withDictionary.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label={LANGUAGE_TEXT.others}>
          {others.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </optgroup>
      </select>
      {help && (
        <p id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </p>
      )}
    </div>
  )
}
