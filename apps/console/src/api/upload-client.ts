import type { RouteContract, RouteResponse } from '@lingocast/contract'
import { getToken } from '../lib/cookies'
import { ApiError, readAnswer } from './client'

export interface UploadOptions {
  /** Whole percent of the request body sent, 0 to 100. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * POSTs a FormData to a contract route with upload progress. fetch() cannot
 * report how much of a request body has gone out; XMLHttpRequest can. The
 * answer is read exactly as the typed client reads it. Aborting rejects with
 * an AbortError, like fetch.
 */
export function uploadWithProgress<R extends RouteContract>(route: R, form: FormData, options: UploadOptions = {}): Promise<RouteResponse<R>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(route.method, route.path)
    xhr.setRequestHeader('accept', 'application/json')
    const token = getToken()
    if (route.auth === 'bearer' && token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(Math.min(100, Math.floor((e.loaded / e.total) * 100)))
    }
    xhr.onload = () => {
      let json: unknown
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        json = undefined
      }
      try {
        resolve(readAnswer(route, xhr.status, json))
      } catch (error) {
        reject(error)
      }
    }
    xhr.onerror = () => reject(new ApiError(0, undefined))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    if (options.signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
