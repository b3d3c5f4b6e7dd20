import { Upload } from 'lucide-react'
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react'
import { Button } from '../../components/ui/Button'
import { PICKER_ACCEPT, UPLOAD_BUTTON } from './picker'
import type { PickedFiles } from './upload-flow'

// The flow behind the button (the upload, its dialogs, the form) is asked for when the button is pressed,
// and is there by the time a file is picked, so the Learning screen's first load does not carry it.
const flowCode = () => import('./upload-flow-code')
const UploadFlow = lazy(() => flowCode().then((m) => ({ default: m.UploadFlow })))

/** The Learning screen's Upload Media button; the upload flow behind it loads on first use. */
export function UploadMedia() {
  const input = useRef<HTMLInputElement>(null)
  // Each pick numbered: a new pick is a new flow (its own upload and form), even of the same file.
  const [pick, setPick] = useState<{ files: PickedFiles; n: number }>()

  const choose = () => {
    void flowCode()
    if (input.current) input.current.value = ''
    input.current?.click()
  }

  const onPicked = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? [])
    if (!files.length) return
    const { pickFiles, UPLOAD_TEXT } = await flowCode()
    const chosen = pickFiles(files)
    if (!chosen) return window.alert(UPLOAD_TEXT.needMedia)
    setPick((last) => ({ files: chosen, n: (last?.n ?? 0) + 1 }))
  }

  return (
    <>
      <Button onClick={choose}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        {UPLOAD_BUTTON}
      </Button>
      <input ref={input} type="file" accept={PICKER_ACCEPT} multiple hidden onChange={(e) => void onPicked(e)} data-testid="upload-media-input" />
      {pick && (
        <Suspense fallback={null}>
          <UploadFlow
            key={pick.n}
            picked={pick.files}
            onRetry={() => {
              setPick(undefined)
              choose()
            }}
            onClose={() => setPick(undefined)}
          />
        </Suspense>
      )}
    </>
  )
}
