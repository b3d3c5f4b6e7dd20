import { Dialog } from '../../../components/ui/Dialog'
import { Button } from '../../../components/ui/Button'
import { MEMORIES_TEXT } from '../messages'
import { Markdown } from './Markdown'

/** Flashcard Content: the back rendered as markdown; Escape or a click outside closes it (the Dialog does both). */
export function ContentViewer({ content, onClose }: { content: string; onClose: () => void }) {
  return (
    <Dialog
      title={MEMORIES_TEXT.viewerTitle}
      onClose={onClose}
      size="wide"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="max-h-[60vh] overflow-y-auto">
        <Markdown>{content}</Markdown>
      </div>
    </Dialog>
  )
}
