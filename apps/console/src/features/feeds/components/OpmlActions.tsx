import { OPML_MAX_BYTES } from '@lingocast/contract'
import { Download, Upload } from 'lucide-react'
import { useRef, useState, type ChangeEvent } from 'react'
import { Button } from '../../../components/ui/Button'
import { exportOpml, useImportOpml } from '../api'
import { FEEDS_TEXT, opmlErrorText, opmlImportSummary } from '../messages'

export const OPML_FILE_NAME = 'lingocast-subscriptions.opml'
const TOO_LARGE = 'The OPML file is too large (at most 2 MB)'

/** Saves text as a file through a temporary object URL (nothing leaves the browser). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/x-opml;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Ours: move subscriptions in and out as OPML, the format every podcast app
 * reads. Import subscribes to each feed of a chosen file; Export downloads them.
 */
export function OpmlActions({ onMessage }: { onMessage: (message: string) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [exporting, setExporting] = useState(false)
  const importOpml = useImportOpml({
    onSuccess: ({ subscribed, skipped }) => onMessage(opmlImportSummary(subscribed, skipped)),
    onError: (error) => window.alert(opmlErrorText(error, 'import')),
  })

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0]
    // Cleared, so choosing the same file again is a new choice.
    e.currentTarget.value = ''
    if (!file) return
    if (file.size > OPML_MAX_BYTES) return window.alert(TOO_LARGE)
    importOpml.mutate(await file.text())
  }

  const onExport = async () => {
    setExporting(true)
    try {
      download(await exportOpml(), OPML_FILE_NAME)
    } catch (error) {
      window.alert(opmlErrorText(error, 'export'))
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="flex items-center gap-2">
      <input
        ref={input}
        type="file"
        accept=".opml,.xml,text/x-opml,text/xml,application/xml"
        className="hidden"
        data-testid="opml-file"
        onChange={(e) => void onFile(e)}
      />
      <Button variant="secondary" loading={importOpml.isPending} onClick={() => input.current?.click()}>
        {!importOpml.isPending && <Upload className="h-4 w-4" aria-hidden="true" />}
        {FEEDS_TEXT.importOpml}
      </Button>
      <Button variant="secondary" loading={exporting} onClick={() => void onExport()}>
        {!exporting && <Download className="h-4 w-4" aria-hidden="true" />}
        {FEEDS_TEXT.exportOpml}
      </Button>
    </div>
  )
}
