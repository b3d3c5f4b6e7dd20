import { HINT_MAX_LENGTH } from '@lingocast/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { setWordHint, useSetWordHint, wordsChanged } from '../api'
import { LOOKUP_TEXT } from './lookup-text'

interface Props {
  /** The term the hint belongs to (a lemma or a phrase); undefined until the lookup has answered. */
  term: string | undefined
  /** The hint saved now. */
  saved: string | undefined
  onError: (message: string) => void
}

/**
 * The learner's own hint of a word or phrase in the lookup popover: one
 * short text, saved on Enter, when the field is left, or when the popover
 * closes with an edit not yet saved. An empty hint removes it.
 */
export function HintField({ term, saved, onError }: Props) {
  const id = useId()
  const client = useQueryClient()
  const [draft, setDraft] = useState<string>()
  const value = draft ?? saved ?? ''
  const save = useSetWordHint({ onError: () => onError(LOOKUP_TEXT.hintFailed) })
  const [done, setDone] = useState(false)

  const commit = () => {
    if (!term || draft === undefined || draft.trim() === (saved ?? '')) return
    save.mutate({ term, hint: draft }, { onSuccess: () => setDone(true) })
    setDraft(undefined)
  }
  // Closing the popover (Escape, a press outside) saves what was typed.
  const pending = useRef({ term, draft, saved })
  pending.current = { term, draft, saved }
  useEffect(
    () => () => {
      const { term: t, draft: d, saved: s } = pending.current
      if (t && d !== undefined && d.trim() !== (s ?? '')) {
        void setWordHint(t, d).then(
          () => wordsChanged(client),
          () => onError(LOOKUP_TEXT.hintFailed),
        )
      }
    },
    // Once, on leaving: the ref carries the latest values.
    [],
  )

  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-xs font-medium text-slate-600">
          {LOOKUP_TEXT.hintLabel}
        </label>
        <span className="text-xs text-slate-400" aria-live="polite" data-testid="hint-state">
          {save.isPending ? LOOKUP_TEXT.hintSaving : done && draft === undefined ? LOOKUP_TEXT.hintSaved : ''}
        </span>
      </div>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={HINT_MAX_LENGTH}
        disabled={!term}
        placeholder={LOOKUP_TEXT.hintPlaceholder}
        onChange={(e) => {
          setDone(false)
          setDraft(e.target.value)
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          }
        }}
        className="w-full rounded-lg border-0 px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-500 disabled:bg-slate-50"
      />
    </div>
  )
}
