import { CircleAlert } from 'lucide-react'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { Spinner } from '../../../components/ui/Spinner'
import { UPLOAD_TEXT } from '../upload-flow'

interface Props {
  fileName: string
  percent: number
  /** 'Upload failed: ...' once the upload has failed; the dialog then offers another try. */
  error?: string
  onCancel: () => void
  onRetry: () => void
}

/** Uploading with a percent bar; Cancel (or Escape) stops the upload. */
export function UploadProgressDialog({ fileName, percent, error, onCancel, onRetry }: Props) {
  const sent = percent >= 100 && !error
  return (
    <Dialog
      title={UPLOAD_TEXT.uploadingTitle}
      onClose={onCancel}
      footer={
        error ? (
          <>
            <Button variant="secondary" onClick={onCancel}>
              Close
            </Button>
            <Button onClick={onRetry}>Choose another file</Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )
      }
    >
      <p className="truncate text-sm font-medium text-slate-800" title={fileName}>
        {fileName}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={`Uploading ${fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full rounded-full transition-[width] duration-200 ${error ? 'bg-red-400' : 'bg-indigo-600'}`} style={{ width: `${percent}%` }} />
        </div>
        <span className="w-11 text-right text-sm tabular-nums text-slate-600">{percent}%</span>
      </div>
      {sent && (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner /> {UPLOAD_TEXT.checking}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </Dialog>
  )
}
