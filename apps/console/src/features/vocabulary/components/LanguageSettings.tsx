import { DICTIONARY_URL_MAX_LENGTH } from '@lingocast/contract'
import { useQuery } from '@tanstack/react-query'
import { Languages } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/Button'
import { useSaveWordSettings, wordSettingsQuery } from '../language-api'
import { dictionariesOf, LANGUAGE_TEXT } from '../language-text'
import { failureLine } from '../messages'
import { LanguageSelect } from './LanguageSelect'

/**
 * The Vocabulary screen's "Your language" (docs/vocabulary.md): the language meanings
 * are shown in (saved when chosen), the dictionaries this server has for it,
 * and the web dictionary offered for words none of them knows.
 */
export function LanguageSettings() {
  const settings = useQuery(wordSettingsQuery())
  const [status, setStatus] = useState<string>()
  const save = useSaveWordSettings({ onSuccess: () => setStatus(LANGUAGE_TEXT.saved), onError: (error) => setStatus(failureLine(LANGUAGE_TEXT.saveFailed, error)) })
  const [url, setUrl] = useState('')
  const urlId = useId()
  const headingId = useId()
  const saved = settings.data?.dictionary_url ?? ''
  useEffect(() => setUrl(saved), [saved])

  const language = settings.data?.native_language ?? null
  const dictionaries = settings.data?.dictionaries ?? []
  const names = language ? dictionariesOf(dictionaries, language) : []
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setStatus(undefined)
    save.mutate({ dictionary_url: url.trim() === '' ? null : url.trim() })
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-200" data-testid="language-settings">
      <div className="flex flex-wrap items-center gap-x-3">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Languages className="h-4 w-4 text-indigo-600" aria-hidden="true" />
          {LANGUAGE_TEXT.title}
        </h2>
        <p role="status" className="text-sm text-slate-600" data-testid="language-status">
          {status}
        </p>
      </div>
      <p className="text-sm text-slate-600">{LANGUAGE_TEXT.intro}</p>
      <div className="flex flex-wrap items-start gap-x-8 gap-y-3">
        <div className="min-w-56">
          <LanguageSelect
            label={LANGUAGE_TEXT.title}
            value={language}
            dictionaries={dictionaries}
            disabled={!settings.data || save.isPending}
            help={language ? (names.length > 0 ? `Offline: ${names.join(', ')}` : 'No offline dictionary on this server for it yet.') : undefined}
            onChange={(code) => {
              setStatus(undefined)
              save.mutate({ native_language: code })
            }}
          />
        </div>
        <form onSubmit={submit} className="min-w-64 flex-1 space-y-1">
          <label htmlFor={urlId} className="block text-sm font-medium text-slate-900">
            {LANGUAGE_TEXT.webDictionary}
          </label>
          <div className="flex gap-2">
            <input
              id={urlId}
              type="text"
              inputMode="url"
              value={url}
              maxLength={DICTIONARY_URL_MAX_LENGTH}
              placeholder={LANGUAGE_TEXT.webDictionaryPlaceholder}
              aria-describedby={`${urlId}-help`}
              onChange={(e) => setUrl(e.target.value)}
              className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-500"
            />
            <Button type="submit" variant="secondary" disabled={!settings.data || url.trim() === saved} loading={save.isPending && save.variables?.dictionary_url !== undefined}>
              {LANGUAGE_TEXT.save}
            </Button>
          </div>
          <p id={`${urlId}-help`} className="text-xs text-slate-500">
            {LANGUAGE_TEXT.webDictionaryHelp}
          </p>
        </form>
      </div>
    </section>
  )
}
