import { useCallback, useState } from 'react'
import { Toast } from '../../../components/ui/Toast'
import { useMarkArticleKnown, useUndoStatusChanges, type ArticleId } from '../api'
import { LOOKUP_TEXT } from './lookup-text'

interface Props {
  articleId: ArticleId
  /** Distinct lemmas of the article still new. */
  count: number
  onClose: () => void
}

/**
 * After an article is marked finished: "Mark the remaining new words as
 * known" (LingQ's page turn) with the count, then an Undo that sets exactly
 * the lemmas it changed back to new.
 */
export function RemainingWordsOffer({ articleId, count, onClose }: Props) {
  const [changed, setChanged] = useState<string[]>()
  const [message, setMessage] = useState<string>()
  const close = useCallback(() => onClose(), [onClose])
  const mark = useMarkArticleKnown({ onSuccess: setChanged, onError: () => setMessage(LOOKUP_TEXT.markFailed) })
  const undo = useUndoStatusChanges({ onSuccess: () => setMessage(LOOKUP_TEXT.undone), onError: () => setMessage(LOOKUP_TEXT.statusFailed) })

  if (message) return <Toast raised message={message} onClose={close} duration={4_000} />
  if (changed) {
    return (
      <Toast
        raised
        message={LOOKUP_TEXT.markedKnown(changed.length)}
        actions={changed.length ? [{ label: LOOKUP_TEXT.undo, disabled: undo.isPending, onClick: () => undo.mutate(changed.map((lemma) => ({ lemma, before: 'new' as const }))) }] : []}
        onClose={close}
        duration={undo.isPending ? null : 15_000}
      />
    )
  }
  return (
    <Toast
      raised
      message={LOOKUP_TEXT.remainingOffer(count)}
      actions={[{ label: LOOKUP_TEXT.markRemaining, disabled: mark.isPending, onClick: () => mark.mutate(articleId) }]}
      onClose={close}
      duration={null}
    />
  )
}
