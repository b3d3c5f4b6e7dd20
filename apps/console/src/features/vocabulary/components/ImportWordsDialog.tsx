import { VOCABULARY_MSG, WORD_IMPORT_MAX_BYTES, type WordStatus } from '@lingocast/contract'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Dialog } from '../../../components/ui/Dialog'
import { useImportWords } from '../api'
import { failureLine, VOCABULARY_TEXT } from '../messages'
import { IMPORT_STATUSES, importResult, STATUS_LABELS } from '../words'

/**
 * Import a word list: the server tells the format apart (a plain list, a CSV
 * with a word column, LingQ, Lute or LWT term exports). The status chosen
 * here applies to lines that carry none; the exports keep their own.
 */
export function ImportWordsDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File>()
  const [status, setStatus] = useState<WordStatus>('known')
  const [fileError, setFileError] = useState<string>()
  const importWords = useImportWords()
  const fileId = useId()
  const statusId = useId()

  const pick = (next: File | undefined) => {
    importWords.reset()
    setFile(next)
    setFileError(next && next.size > WORD_IMPORT_MAX_BYTES ? VOCABULARY_MSG.importTooLarge : undefined)
  }
  const submit = async () => {
    if (!file || fileError) return
    importWords.mutate({ text: await file.text(), status })
  }

  return (
    <Dialog
      title={VOCABULARY_TEXT.importTitle}
      onClose={onClose}
      busy={importWords.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={importWords.isPending}>
            {importWords.isSuccess ? 'Close' : 'Cancel'}
          </Button>
          <Button onClick={() => void submit()} loading={importWords.isPending} disabled={!file || fileError !== undefined}>
            Import
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            Word list file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => pick(e.currentTarget.files?.[0])}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-indigo-700 hover:file:bg-indigo-100"
          />
          <p id={`${fileId}-hint`} className="text-xs text-slate-500">
            One word per line, a CSV with a word, term or lemma column, or a term export from LingQ, Lute or LWT.
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-700">
            Status for a plain list
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as WordStatus)}
            className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-500"
          >
            {IMPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          <p className="text-xs text-slate-500">LingQ, Lute and LWT exports keep the status of each term.</p>
        </div>
        {importWords.isSuccess && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800" data-testid="import-result">
            {importResult(importWords.data.imported, importWords.data.skipped)}
          </p>
        )}
        {(fileError ?? importWords.isError) && (
          <p role="alert" className="text-sm text-red-600">
            {fileError ?? failureLine('Import failed', importWords.error)}
          </p>
        )}
      </div>
    </Dialog>
  )
}
