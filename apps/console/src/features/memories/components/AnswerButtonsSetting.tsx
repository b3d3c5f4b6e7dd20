import type { AnswerButtons, Deck } from '@lingocast/contract'
import { useCallback, useState } from 'react'
import { Toast } from '../../../components/ui/Toast'
import { useDeckAnswerButtons } from '../api'
import { failureText } from '../messages'
import { Select } from './Select'

const OPTIONS: ReadonlyArray<{ value: AnswerButtons; label: string }> = [
  { value: 2, label: 'Unfamiliar / Familiar' },
  { value: 4, label: 'Again · Hard · Good · Easy (Anki)' },
]

/** How the deck is reviewed (beyond the spec): the spec's two buttons, or Anki's four with the next interval under each. */
export function AnswerButtonsSetting({ deck }: { deck: Deck }) {
  const [notice, setNotice] = useState<string>()
  const closeNotice = useCallback(() => setNotice(undefined), [])
  const save = useDeckAnswerButtons({ onError: (error) => setNotice(failureText('Failed to save the answer buttons', error, 'append')) })
  return (
    <>
      <Select
        label="Answer buttons"
        labelClassName="block text-xs font-medium uppercase tracking-wide text-slate-500"
        value={deck.answer_buttons}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ deckId: deck.id, buttons: Number(e.target.value) as AnswerButtons })}
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <Toast message={notice} onClose={closeNotice} />
    </>
  )
}
