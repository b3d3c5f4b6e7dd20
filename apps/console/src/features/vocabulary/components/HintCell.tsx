import { HINT_MAX_LENGTH } from '@lingocast/contract'
import { Pencil } from 'lucide-react'
import { useState } from 'react'

interface Props {
  lemma: string
  hint: string | null
  /** Saves the hint (an empty one removes it); resolves when the server took it. */
  onSave: (lemma: string, hint: string) => Promise<unknown>
}

/**
 * The Vocabulary table's hint of a term: the learner's own
 * meaning, shown as written; a click edits it in place. Enter or leaving
 * the field saves, Escape puts it back.
 */
export function HintCell({ lemma, hint, onSave }: Props) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  // What was saved last, shown until the list is read again.
  const [shown, setShown] = useState<string | null>()
  const [failed, setFailed] = useState(false)
  const value = shown === undefined ? hint : shown

  const save = () => {
    setEditing(false)
    const next = draft.trim()
    if (next === (value ?? '')) return
    setShown(next || null)
    setFailed(false)
    onSave(lemma, next).catch(() => {
      setShown(undefined)
      setFailed(true)
    })
  }

  if (editing) {
    return (
      <input
        type="text"
        autoFocus
        aria-label={`Hint for ${lemma}`}
        value={draft}
        maxLength={HINT_MAX_LENGTH}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            save()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            setEditing(false)
          }
        }}
        className="w-full min-w-40 rounded-md border-0 px-2 py-1 text-sm text-slate-900 ring-1 ring-inset ring-indigo-400 focus:ring-2 focus:ring-inset focus:ring-indigo-500"
      />
    )
  }
  return (
    <button
      type="button"
      aria-label={value ? `Edit the hint for ${lemma}: ${value}` : `Add a hint for ${lemma}`}
      onClick={() => {
        setDraft(value ?? '')
        setEditing(true)
      }}
      className="group inline-flex max-w-xs items-center gap-1.5 rounded-md px-1 py-0.5 text-left text-sm hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {value ? <span className="line-clamp-2 whitespace-pre-line text-slate-700">{value}</span> : <span className="text-slate-400">Add a hint</span>}
      <Pencil className="h-3.5 w-3.5 shrink-0 text-slate-300 group-hover:text-slate-500" aria-hidden="true" />
      {failed && <span className="text-xs text-red-600">Not saved</span>}
    </button>
  )
}
