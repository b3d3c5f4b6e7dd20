import { NOTES_MSG, NOTES_SAVE_THROTTLE_MS } from '@lingocast/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RotateCw } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '../../components/ui/Button'
import { notesQuery, saveNotesOrQueue } from './api'
import { createAutosave } from './autosave'
import { handleEnter, handleTab, notesTemplate, type EditorState } from './editor-rules'

/** The Notes tab (spec 000 s2): the article's notes, or the default template when it has none. */
export function NotesTab({ hashId, title }: { hashId: string; title: string }) {
  const notes = useQuery(notesQuery(hashId))
  useEffect(() => {
    // Load failures other than 404 are only logged (spec 000 s8).
    if (notes.error) console.error('Failed to load notes', notes.error)
  }, [notes.error])

  if (notes.isPending) {
    return (
      <p role="status" className="px-5 py-8 text-center text-sm text-slate-500">
        {NOTES_MSG.loading}
      </p>
    )
  }
  if (notes.isError) {
    // No editor over notes that could not be read: typing there would overwrite them.
    return (
      <div className="flex flex-col items-center gap-3 px-5 py-8 text-center text-sm text-slate-500">
        <p>Your notes could not be loaded.</p>
        <Button variant="secondary" onClick={() => void notes.refetch()} loading={notes.isFetching}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    )
  }
  return <NotesEditor key={hashId} hashId={hashId} initial={notes.data ?? notesTemplate(title)} />
}

const newEditorId = () => `ed-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`

function NotesEditor({ hashId, initial }: { hashId: string; initial: string }) {
  const client = useQueryClient()
  const [value, setValue] = useState(initial)
  const [saving, setSaving] = useState(false)
  const area = useRef<HTMLTextAreaElement>(null)
  const selection = useRef<{ start: number; end: number } | null>(null)
  // Escape, then Tab: leave the text area by keyboard instead of indenting.
  const tabLeaves = useRef(false)

  const [autosave] = useState(() => {
    const editor = newEditorId()
    let revision = 0
    return createAutosave({
      intervalMs: NOTES_SAVE_THROTTLE_MS,
      save: (text, final) => saveNotesOrQueue(hashId, text, { editor, revision: ++revision }, final),
      onPendingChange: setSaving,
      // Save failures are only logged (spec 000 s8); the edit stays unsaved and goes out with the next one.
      onError: (error) => console.error('Failed to save notes', error),
    })
  })

  useEffect(() => {
    autosave.loaded(initial)
    // Leaving with unsaved edits: the tab closing or hidden (keepalive lets that save outlive the page),
    // or this editor going away (another tab of the panel, another page).
    const flush = () => autosave.flush()
    const onHidden = () => document.visibilityState === 'hidden' && flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHidden)
      flush()
      autosave.dispose()
    }
    // `initial` is the loaded text of this mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autosave])

  useLayoutEffect(() => {
    if (selection.current && area.current) {
      area.current.setSelectionRange(selection.current.start, selection.current.end)
      selection.current = null
    }
  }, [value])

  function update(text: string) {
    setValue(text)
    // The cached copy follows the editor, so reopening the tab shows this text.
    client.setQueryData(notesQuery(hashId).queryKey, text)
    autosave.change(text)
  }

  function apply(next: EditorState) {
    selection.current = { start: next.start, end: next.end }
    update(next.value)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Nothing while an IME composes text (Enter there confirms the composition).
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    const leave = tabLeaves.current
    tabLeaves.current = event.key === 'Escape'
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const el = event.currentTarget
    const state = { value: el.value, start: el.selectionStart, end: el.selectionEnd }
    const next = event.key === 'Tab' && !leave ? handleTab(state, event.shiftKey) : event.key === 'Enter' && !event.shiftKey ? handleEnter(state) : undefined
    if (!next) return
    event.preventDefault()
    apply(next)
  }

  return (
    <div className="relative">
      <textarea
        ref={area}
        value={value}
        onChange={(e) => update(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={NOTES_MSG.placeholder}
        aria-label="Notes"
        aria-describedby={`${hashId}-notes-help`}
        spellCheck
        className="block h-[60vh] min-h-72 w-full resize-none border-0 bg-transparent px-5 py-4 font-mono text-sm leading-relaxed text-slate-800 placeholder:text-slate-400 focus:outline-none focus:ring-0"
      />
      <div className="flex items-center justify-between border-t border-slate-100 px-5 py-2 text-xs text-slate-400">
        <span id={`${hashId}-notes-help`}>Tab indents list items · Esc then Tab leaves the notes</span>
        <span role="status" aria-live="polite" className="font-medium text-slate-500">
          {saving ? NOTES_MSG.saving : ''}
        </span>
      </div>
    </div>
  )
}
