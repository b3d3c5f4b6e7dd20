import { SCHEDULER_LABELS, SCHEDULERS, type Deck, type SchedulerName } from '@lingocast/contract'
import { useState, type FormEvent } from 'react'
import { Dialog } from '../../../components/ui/Dialog'
import { TextField } from '../../../components/ui/TextField'
import { DialogButtons } from './DialogButtons'
import { Select } from './Select'
import { useCreateDeck } from '../api'
import { failureText, MEMORIES_MSG, MEMORIES_TEXT } from '../messages'

/** Create New Deck: Deck Name required; the scheduler is FSRS-6 unless SM-2 is chosen. */
export function CreateDeckDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (deck: Deck) => void }) {
  const [name, setName] = useState('')
  const [scheduler, setScheduler] = useState<SchedulerName>('fsrs')
  const create = useCreateDeck({ onSuccess: onCreated })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim()) create.mutate({ name: name.trim(), scheduler })
  }
  return (
    <Dialog
      title={MEMORIES_TEXT.createDeckTitle}
      onClose={onClose}
      busy={create.isPending}
      footer={<DialogButtons onCancel={onClose} form="create-deck" submitLabel={MEMORIES_TEXT.create} busy={create.isPending} disabled={!name.trim()} />}
    >
      <form id="create-deck" onSubmit={submit} className="space-y-4">
        <TextField label={MEMORIES_TEXT.deckName} value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
        <Select label="Scheduler" value={scheduler} onChange={(e) => setScheduler(e.target.value as SchedulerName)}>
          {SCHEDULERS.map((s) => (
            <option key={s} value={s}>
              {SCHEDULER_LABELS[s]}
            </option>
          ))}
        </Select>
        {create.isError && (
          <p role="alert" className="text-sm text-red-600">
            {failureText(MEMORIES_MSG.createDeckFailed, create.error, 'append')}
          </p>
        )}
      </form>
    </Dialog>
  )
}
