import type { MediaInfo } from '@lingocast/contract'
import { useEffect, useState } from 'react'
import { fetchMediaInfo, uploadMedia, useSaveUpload } from './api'
import { UploadProgressDialog } from './components/UploadProgressDialog'
import { MediaInfoForm } from './components/MediaInfoForm'
import { mediaInfoErrorText, saveErrorText, titleFromName, uploadErrorText, validateSave, type PickedFiles } from './upload-flow'

/** Spec 001 s4, once files are picked: uploading, the media-information form, then saved or cancelled. */
type Step = { name: 'uploading'; percent: number; error?: string } | { name: 'form'; storagePath: string; info?: MediaInfo; infoError?: string }

const isAbort = (error: unknown) => (error as Error | undefined)?.name === 'AbortError'

interface Props {
  picked: PickedFiles
  /** Pick again after a failed upload. */
  onRetry: () => void
  /** Saved, or cancelled: the flow is over. */
  onClose: () => void
}

/** The upload of picked files and the form after it; the Learning screen loads it when Upload Media is pressed. */
export function UploadFlow({ picked, onRetry, onClose }: Props) {
  const [step, setStep] = useState<Step>({ name: 'uploading', percent: 0 })
  const [saveError, setSaveError] = useState<string>()
  const save = useSaveUpload({ onSuccess: onClose })

  // Starts with the flow; cancelling or leaving the screen mid-upload unmounts it, which stops it: nothing
  // keeps sending in the background.
  useEffect(() => {
    const controller = new AbortController()
    const start = async () => {
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
      setStep({ name: 'form', storagePath, info, infoError })
    }
    void start()
    return () => controller.abort()
  }, [picked])

  const onSave = (title: string) => {
    if (step.name !== 'form') return
    const invalid = validateSave(title, step.storagePath)
    if (invalid) return window.alert(invalid)
    setSaveError(undefined)
    save.mutate(
      { title: title.trim(), storagePath: step.storagePath, isVideo: step.info ? step.info.width !== null : picked.media.type.startsWith('video/'), contentType: picked.media.type },
      { onError: (error) => setSaveError(saveErrorText(error)) },
    )
  }

  if (step.name === 'uploading')
    return <UploadProgressDialog fileName={picked.media.name} percent={step.percent} error={step.error} onCancel={onClose} onRetry={onRetry} />
  return (
    <MediaInfoForm
      initialTitle={step.info?.title ?? titleFromName(picked.media.name)}
      info={step.info}
      subtitleName={picked.subtitle?.name}
      errors={[step.infoError, saveError].filter((e): e is string => Boolean(e))}
      saving={save.isPending}
      onSave={onSave}
      onCancel={onClose}
    />
  )
}
