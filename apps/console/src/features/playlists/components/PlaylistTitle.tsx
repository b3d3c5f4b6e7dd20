import { Check, Pencil, X } from 'lucide-react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { PLAYLIST_TEXT, titleToSave } from '../messages'

interface Props {
  title: string
  /** Only the owner gets the edit-title button. */
  editable: boolean
  onSave: (title: string) => void
}

const iconButton =
  'shrink-0 rounded-lg p-1.5 text-slate-500 transition hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/**
 * The playlist's title and, for the owner, its inline edit (spec 000 s2, s4,
 * s5): Enter or the save button saves, Escape or the cancel button cancels;
 * a trimmed empty or unchanged title just closes the edit.
 */
export function PlaylistTitle({ title, editable, onSave }: Props) {
  const [draft, setDraft] = useState<string>()
  const editing = draft !== undefined
  const editButton = useRef<HTMLButtonElement>(null)
  // Closing the edit by keyboard would otherwise drop focus to the page: hand it back to the edit button.
  const wasEditing = useRef(false)
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus()
    wasEditing.current = editing
  }, [editing])

  const save = () => {
    const next = titleToSave(draft ?? '', title)
    setDraft(undefined)
    if (next !== undefined) onSave(next)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Not while an input method is composing: its Enter picks a candidate.
    if (e.nativeEvent.isComposing) return
    if (e.key === 'Enter') {
      e.preventDefault()
      save()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      setDraft(undefined)
    }
  }

  if (editing) {
    return (
      <div className="flex min-w-0 flex-1 items-center gap-1">
        <input
          autoFocus
          aria-label={PLAYLIST_TEXT.titlePlaceholder}
          placeholder={PLAYLIST_TEXT.titlePlaceholder}
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border-0 bg-white px-3 py-1.5 text-xl font-bold tracking-tight text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:font-normal placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-500 sm:text-2xl"
        />
        <button type="button" aria-label="Save title" className={iconButton} onClick={save}>
          <Check className="h-5 w-5 text-emerald-600" aria-hidden="true" />
        </button>
        <button type="button" aria-label="Cancel editing" className={iconButton} onClick={() => setDraft(undefined)}>
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
    )
  }

  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <h1 className="min-w-0 text-xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">{title}</h1>
      {editable && (
        <button ref={editButton} type="button" aria-label="Edit title" title="Edit title" className={iconButton} onClick={() => setDraft(title)}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}
