import { Button } from '../../../components/ui/Button'
import { MEMORIES_TEXT } from '../messages'

interface Props {
  onCancel: () => void
  /** The id of the form the submit button sends. */
  form: string
  submitLabel: string
  busy: boolean
  disabled: boolean
}

/** Cancel and the dialog's submit button, for the footer of the memories dialogs. */
export function DialogButtons({ onCancel, form, submitLabel, busy, disabled }: Props) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {MEMORIES_TEXT.cancel}
      </Button>
      <Button type="submit" form={form} loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </>
  )
}
