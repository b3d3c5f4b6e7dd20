import type { MediaInfo } from '@lingocast/contract'
import { CircleAlert } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { TextField } from '../../../components/ui/TextField'
import { formatDuration } from '../../../lib/format'
import { UPLOAD_TEXT } from '../upload-flow'

interface Props {
  initialTitle: string
  info?: MediaInfo
  subtitleName?: string
  /** Red banners: media info that could not be read, a save that failed. */
  errors: string[]
  saving: boolean
  onSave: (title: string) => void
  onCancel: () => void
}

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-500">{term}</dt>
      <dd className="truncate text-right font-medium text-slate-800">{children}</dd>
    </div>
  )
}

/** The media information form: an editable title, what the server read from the file, Save or Cancel. */
export function MediaInfoForm({ initialTitle, info, subtitleName, errors, saving, onSave, onCancel }: Props) {
  const [title, setTitle] = useState(initialTitle)
  const formId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSave(title)
  }
  return (
    <Dialog
      title={UPLOAD_TEXT.formTitle}
      onClose={onCancel}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4">
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={500} />
        <dl className="divide-y divide-slate-100 rounded-lg bg-slate-50 px-3 text-sm ring-1 ring-slate-200">
          {info && (
            <>
              <Detail term="Format">{info.format.toUpperCase()}</Detail>
              <Detail term="Duration">{formatDuration(info.duration)}</Detail>
              {info.width !== null && info.height !== null && <Detail term="Resolution">{`${info.width} × ${info.height}`}</Detail>}
            </>
          )}
          <Detail term="Subtitles">{subtitleName ? `${subtitleName}. ${UPLOAD_TEXT.subtitleHint}` : UPLOAD_TEXT.noSubtitle}</Detail>
        </dl>
        {errors.map((error) => (
          <p key={error} role="alert" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ))}
      </form>
    </Dialog>
  )
}
