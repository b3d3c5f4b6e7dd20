import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useSaveWordSettings, wordSettingsQuery } from '../language-api'
import { LANGUAGE_TEXT } from '../language-text'
import { failureLine } from '../messages'
import { LanguageSelect } from './LanguageSelect'

/**
 * The placement asks once for the learner's language: shown
 * while the dialog is open when they had none when it opened, saved as soon
 * as it is chosen. Once set, the Vocabulary screen is where it changes.
 */
export function NativeLanguageQuestion() {
  const settings = useQuery(wordSettingsQuery())
  const save = useSaveWordSettings()
  // Decided once, on the first answer: choosing a language does not hide the question under the learner's hand.
  const ask = useRef<boolean>(undefined)
  if (settings.data && ask.current === undefined) ask.current = settings.data.native_language === null
  if (!settings.data || !ask.current) return null
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-200" data-testid="placement-language">
      <LanguageSelect
        label={LANGUAGE_TEXT.placementQuestion}
        value={settings.data.native_language}
        dictionaries={settings.data.dictionaries}
        disabled={save.isPending}
        help={LANGUAGE_TEXT.placementHelp}
        onChange={(code) => save.mutate({ native_language: code })}
      />
      {save.isError && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {failureLine(LANGUAGE_TEXT.saveFailed, save.error)}
        </p>
      )}
    </div>
  )
}
