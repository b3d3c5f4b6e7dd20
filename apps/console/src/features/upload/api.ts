import { mediaInfoRoute, UPLOAD_FILE_FIELD, UPLOAD_SUBTITLE_FIELD, uploadRoutes, type MediaInfo } from '@lingocast/contract'
import { useMutation } from '@tanstack/react-query'
import { apiCall } from '../../api/client'
import type { UploadOptions } from '../../api/upload-client'
import { fireWindowEvent } from '../../lib/events'
import type { PickedFiles } from './upload-flow'

/** POST upload_file: the media in `file`, its subtitle (if any) first so a bad one is refused early. */
export async function uploadMedia(picked: PickedFiles, options: UploadOptions): Promise<string> {
  // Loaded when a file is sent: the Learning screen, which holds the button, opens without it.
  const { uploadWithProgress } = await import('../../api/upload-client')
  const form = new FormData()
  if (picked.subtitle) form.append(UPLOAD_SUBTITLE_FIELD, picked.subtitle)
  form.append(UPLOAD_FILE_FIELD, picked.media)
  return (await uploadWithProgress(uploadRoutes.uploadFile, form, options)).storage_path
}

export async function fetchMediaInfo(storagePath: string): Promise<MediaInfo> {
  return (await apiCall(mediaInfoRoute(storagePath))).media_info
}

export interface SaveUpload {
  title: string
  storagePath: string
  isVideo: boolean
  contentType: string
}

/**
 * collect: the article save payload of spec 001 s3. On success the library
 * reloads (spec 001 s2): whoever shows it listens to libraryItemsChanged.
 */
export function useSaveUpload(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: ({ title, storagePath, isVideo, contentType }: SaveUpload) =>
      apiCall(uploadRoutes.collect, {
        body: { title, url: '', audio: isVideo ? '' : storagePath, video: isVideo ? storagePath : '', text: '', plainText: '', contentType },
      }),
    onSuccess: () => {
      fireWindowEvent('libraryItemsChanged')
      options.onSuccess?.()
    },
  })
}
