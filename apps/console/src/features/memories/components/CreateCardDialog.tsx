import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/ui/Dialog'
import { useCreateFlashcard } from '../api'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT } from '../messages'
import { DialogButtons } from './DialogButtons'
import { TextArea } from './TextArea'

/** Create New Flashcard: Front (Question) and Back (Answer), both required. */
export function CreateCardDialog({ deckId, onClose }: { deckId: number; onClose: () => void }) {
  const [front, setFront] = useState('')
  const [back, setBack] = useState('')
  const create = useCreateFlashcard({ onSuccess: onClose })
  const ready = front.trim() !== '' && back.trim() !== ''
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (ready) create.mutate({ deck_id: deckId, front, back })
  }
  return (
    <Dialog
      title={MEMORIES_TEXT.createCardTitle}
      onClose={onClose}
      busy={create.isPending}
      footer={<DialogButtons onCancel={onClose} form="create-card" submitLabel={MEMORIES_TEXT.create} busy={create.isPending} disabled={!ready} />}
    >
      <form id="create-card" onSubmit={submit} className="space-y-4">
        <TextArea label={MEMORIES_TEXT.frontLabel} value={front} onChange={(e) => setFront(e.target.value)} required rows={2} maxLength={1000} />
        <TextArea label={MEMORIES_TEXT.backLabel} value={back} onChange={(e) => setBack(e.target.value)} required rows={5} />
        {create.isError && (
          <p role="alert" className="text-sm text-red-600">
            {failureText(MEMORIES_MSG.createFlashcardFailed, create.error, 'append')}
          </p>
        )}
      </form>
    </Dialog>
  )
}
