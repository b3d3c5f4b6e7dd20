import { FEED_TITLE_MAX, feedTitle, type Feed } from '@lingocast/contract'
import { CircleAlert } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
// The contract's rule for this field runs here, in the browser: zod comes with this dialog's chunk.
import '../../../api/with-zod'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { TextField } from '../../../components/ui/TextField'
import { useRenameFeed } from '../api'
import { FEEDS_TEXT, renameErrorText } from '../messages'

interface Props {
  feed: Feed
  onClose: () => void
  onRenamed: (feed: Feed) => void
}

/**
 * Rename (ours): the user's own name for a channel, which nobody else sees.
 * The contract's rule checks the name here first, so a blank or multi-line
 * name is refused with the server's own words before any call.
 */
export function RenameFeedDialog({ feed, onClose, onRenamed }: Props) {
  const formId = useId()
  const hintId = useId()
  const errorId = useId()
  const [name, setName] = useState(feed.title)
  const [error, setError] = useState<string>()
  const rename = useRenameFeed({
    onSuccess: (renamed) => {
      onRenamed(renamed)
      onClose()
    },
  })
  const busy = rename.isPending
  const renamed = feed.title !== feed.publisher_title

  const send = (title: string | null) => {
    setError(undefined)
    rename.mutate({ rssId: feed.id, title }, { onError: (err) => setError(renameErrorText(err)) })
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const parsed = feedTitle.safeParse(name)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    // Nothing changed: nothing to send.
    if (parsed.data === feed.title) return onClose()
    send(parsed.data)
  }

  return (
    <Dialog
      title={FEEDS_TEXT.renameChannel}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {FEEDS_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {FEEDS_TEXT.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-3">
        <TextField
          label={FEEDS_TEXT.channelName}
          autoComplete="off"
          maxLength={FEED_TITLE_MAX}
          value={name}
          disabled={busy}
          onChange={(e) => {
            setName(e.currentTarget.value)
            if (error) setError(undefined)
          }}
          onFocus={(e) => e.currentTarget.select()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className="text-xs text-slate-500">
          {renamed ? FEEDS_TEXT.publisherCalls(feed.publisher_title) : FEEDS_TEXT.onlyYou}
        </p>
        {renamed && (
          <Button variant="ghost" className="-ml-2 px-2 py-1" disabled={busy} onClick={() => send(null)}>
            {FEEDS_TEXT.usePublisherTitle}
          </Button>
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
