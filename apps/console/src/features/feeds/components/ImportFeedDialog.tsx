import { INVALID_RSS_URL, rssUrl } from '@lingocast/contract'
import { CircleAlert } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
// The contract's rule for this field runs here, in the browser: zod comes with this dialog's chunk.
import '../../../api/with-zod'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { Spinner } from '../../../components/ui/Spinner'
import { TextField } from '../../../components/ui/TextField'
import { useImportFeed } from '../api'
import { FEEDS_TEXT, importErrorText } from '../messages'

interface Props {
  onClose: () => void
  onImported: (result: { rssId: number; title: string }) => void
}

/**
 * Import RSS Feed (spec 001 s2, s4, s5): idle, importing ('Importing RSS
 * feed...'), then closed on success, or the error shown. A blank or
 * malformed address is refused here, before any call.
 */
export function ImportFeedDialog({ onClose, onImported }: Props) {
  const formId = useId()
  const errorId = useId()
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string>()
  const importFeed = useImportFeed({
    onSuccess: (result) => {
      onImported(result)
      onClose()
    },
  })
  const busy = importFeed.isPending

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const parsed = rssUrl.safeParse(url)
    if (!parsed.success) return setError(INVALID_RSS_URL)
    setError(undefined)
    importFeed.mutate(parsed.data, { onError: (err) => setError(importErrorText(err)) })
  }

  return (
    <Dialog
      title={FEEDS_TEXT.importRss}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {FEEDS_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {FEEDS_TEXT.import}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <TextField
          label={FEEDS_TEXT.rssUrl}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/feed.xml"
          value={url}
          disabled={busy}
          onChange={(e) => {
            setUrl(e.currentTarget.value)
            if (error) setError(undefined)
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner />
            {FEEDS_TEXT.importing}
          </p>
        )}
        {error && (
          <p id={errorId} role="alert" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>{error}</span>
          </p>
        )}
      </form>
    </Dialog>
  )
}
