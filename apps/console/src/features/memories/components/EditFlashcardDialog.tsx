import { formatCardBack, parseCardBack, type Flashcard, type SectionValues } from '@lingocast/contract'
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/ui/Dialog'
import { useUpdateFlashcard } from '../api'
import { applySections } from '../card-updates'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT } from '../messages'
import { DialogButtons } from './DialogButtons'
import { RefineChat } from './RefineChat'
import { TextArea } from './TextArea'

/**
 * Edit Flashcard (spec 001 s2): the question editable inline, the Memorize
 * Cue (required), the Refine Card chat, Cancel and Save Changes. The card's
 * context block is kept as it is, plus whatever the tutor's updates change.
 */
export function EditFlashcardDialog({ card, onClose, onSaved }: { card: Flashcard; onClose: () => void; onSaved?: (card: Flashcard) => void }) {
  const initial = parseCardBack(card.back)
  const [front, setFront] = useState(card.front)
  const [context, setContext] = useState(initial.context)
  const [cue, setCue] = useState(initial.cue)
  const [aiBusy, setAiBusy] = useState(false)
  const update = useUpdateFlashcard({
    onSuccess: (saved) => {
      onSaved?.(saved)
      onClose()
    },
  })
  const ready = front.trim() !== '' && cue.trim() !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (ready) update.mutate({ id: card.id, front: front.trim(), back: formatCardBack({ context, cue }) })
  }
  const apply = (s: SectionValues) => {
    const next = applySections(context, cue, s)
    setContext(next.context)
    setCue(next.cue)
  }
  return (
    <Dialog
      title={MEMORIES_TEXT.editTitle}
      onClose={onClose}
      busy={update.isPending}
      size="wide"
      footer={<DialogButtons onCancel={onClose} form="edit-card" submitLabel={MEMORIES_TEXT.saveChanges} busy={update.isPending} disabled={!ready || aiBusy} />}
    >
      <div className="grid gap-5 md:grid-cols-2">
        <form id="edit-card" onSubmit={submit} className="space-y-4">
          <label className="sr-only" htmlFor="edit-front">
            Question
          </label>
          <input
            id="edit-front"
            value={front}
            onChange={(e) => setFront(e.target.value)}
            required
            maxLength={1000}
            className="block w-full rounded-lg border-0 bg-transparent px-2 py-1 text-xl font-semibold text-slate-900 ring-1 ring-inset ring-transparent hover:ring-slate-200 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
          {context?.Sentence && <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm italic text-slate-600">{context.Sentence}</p>}
          <TextArea label={MEMORIES_TEXT.memorizeCue} value={cue} onChange={(e) => setCue(e.target.value)} required rows={8} />
          {context?.Explanation && <p className="text-sm text-slate-600">Explanation: {context.Explanation}</p>}
          {update.isError && (
            <p role="alert" className="text-sm text-red-600">
              {failureText(MEMORIES_MSG.updateFlashcardFailed, update.error)}
            </p>
          )}
        </form>
        <RefineChat articleId={context?.Article} front={front} context={context} cue={cue} onApply={apply} onBusyChange={setAiBusy} />
      </div>
    </Dialog>
  )
}
