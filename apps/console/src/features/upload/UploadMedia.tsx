import type { MediaInfo } from '@lingocast/contract'
import { Upload } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Button } from '../../components/ui/Button'
import { fetchMediaInfo, uploadMedia, useSaveUpload } from './api'
import { mediaInfoErrorText, pickFiles, PICKER_ACCEPT, saveErrorText, titleFromName, UPLOAD_TEXT, uploadErrorText, validateSave, type PickedFiles } from './upload-flow'

// The dialogs of an upload under way: their code is asked for when the button is pressed, and is there by
// the time a file is picked, so the Learning screen's first load does not carry it.
const flowDialogs = () => Promise.all([import('./components/UploadProgressDialog'), import('./components/MediaInfoForm')])
const UploadProgressDialog = lazy(() => flowDialogs().then(([m]) => ({ default: m.UploadProgressDialog })))
const MediaInfoForm = lazy(() => flowDialogs().then(([, m]) => ({ default: m.MediaInfoForm })))

/** Spec 001 s4: idle, uploading, media-information form, then saved or cancelled. */
type Step =
  | { name: 'idle' }
  | { name: 'uploading'; picked: PickedFiles; percent: number; error?: string }
  | { name: 'form'; picked: PickedFiles; storagePath: string; info?: MediaInfo; infoError?: string }

const isAbort = (error: unknown) => (error as Error | undefined)?.name === 'AbortError'

/** The Learning screen's Upload Media button and the whole upload flow behind it. */
export function UploadMedia() {
  const input = useRef<HTMLInputElement>(null)
  const upload = useRef<AbortController>(undefined)
  const [step, setStep] = useState<Step>({ name: 'idle' })
  const [saveError, setSaveError] = useState<string>()
  const save = useSaveUpload({ onSuccess: () => setStep({ name: 'idle' }) })

  // Leaving the screen mid-upload stops it: nothing keeps sending in the background.
  useEffect(() => () => upload.current?.abort(), [])

  const choose = () => {
    void flowDialogs()
    if (input.current) input.current.value = ''
    input.current?.click()
  }

  const start = async (picked: PickedFiles) => {
    const controller = new AbortController()
    upload.current = controller
    setStep({ name: 'uploading', picked, percent: 0 })
    let storagePath: string
    try {
      storagePath = await uploadMedia(picked, {
        signal: controller.signal,
        onProgress: (percent) => setStep((s) => (s.name === 'uploading' && !s.error ? { ...s, percent } : s)),
      })
    } catch (error) {
      if (!isAbort(error)) setStep((s) => (s.name === 'uploading' ? { ...s, error: uploadErrorText(error) } : s))
      return
    }
    // The file is stored: from here on nothing the user did is lost, even if its information cannot be read.
    let info: MediaInfo | undefined
    let infoError: string | undefined
    try {
      info = await fetchMediaInfo(storagePath)
    } catch (error) {
      infoError = mediaInfoErrorText(error)
    }
    if (controller.signal.aborted) return
    setSaveError(undefined)
    setStep({ name: 'form', picked, storagePath, info, infoError })
  }

  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = pickFiles(Array.from(e.target.files ?? []))
    if (!e.target.files?.length) return
    if (!picked) return window.alert(UPLOAD_TEXT.needMedia)
    void start(picked)
  }

  const cancelUpload = () => {
    upload.current?.abort()
    setStep({ name: 'idle' })
  }

  const onSave = (title: string) => {
    if (step.name !== 'form') return
    const invalid = validateSave(title, step.storagePath)
    if (invalid) return window.alert(invalid)
    setSaveError(undefined)
    save.mutate(
      { title: title.trim(), storagePath: step.storagePath, isVideo: step.info ? step.info.width !== null : step.picked.media.type.startsWith('video/'), contentType: step.picked.media.type },
      { onError: (error) => setSaveError(saveErrorText(error)) },
    )
  }

  return (
    <>
      <Button onClick={choose}>
        <Upload className="h-4 w-4" aria-hidden="true" />
        {UPLOAD_TEXT.button}
      </Button>
      <input ref={input} type="file" accept={PICKER_ACCEPT} multiple hidden onChange={onPicked} data-testid="upload-media-input" />

      <Suspense fallback={null}>
        {step.name === 'uploading' && (
          <UploadProgressDialog
            fileName={step.picked.media.name}
            percent={step.percent}
            error={step.error}
            onCancel={cancelUpload}
            onRetry={() => {
              setStep({ name: 'idle' })
              choose()
            }}
          />
        )}
        {step.name === 'form' && (
          <MediaInfoForm
            initialTitle={step.info?.title ?? titleFromName(step.picked.media.name)}
            info={step.info}
            subtitleName={step.picked.subtitle?.name}
            errors={[step.infoError, saveError].filter((e): e is string => Boolean(e))}
            saving={save.isPending}
            onSave={onSave}
            onCancel={() => setStep({ name: 'idle' })}
          />
        )}
      </Suspense>
    </>
  )
}
