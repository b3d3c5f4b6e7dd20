import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { articleErrorMessage, deleteConfirmText, deleteErrorMessage, formatWait, isNotFound, markErrorMessage, pickMedia, proxiedMediaUrl, transcriptionStateText, youTubeId } from './messages'

describe('player messages', () => {
  it('article: 404 is the not-found screen, else the server msg or the fallback', () => {
    expect(isNotFound(new ApiError(404, 'Article not found'))).toBe(true)
    expect(isNotFound(new ApiError(500, undefined))).toBe(false)
    expect(articleErrorMessage(new ApiError(400, 'id is required'))).toBe('id is required')
    expect(articleErrorMessage(new ApiError(500, undefined))).toBe('Failed to fetch article: HTTP error 500')
    expect(articleErrorMessage(new ApiError(0, undefined))).toBe('Failed to fetch article: Network error: the server could not be reached')
  })

  it('mark: refusal and breakage', () => {
    expect(markErrorMessage(new ApiError(500, 'x'), true)).toBe('Failed to mark as finished')
    expect(markErrorMessage(new ApiError(404, undefined), false)).toBe('Failed to mark as active')
    expect(markErrorMessage(new ApiError(0, undefined), true)).toBe('Error marking as finished: Network error: the server could not be reached')
    expect(markErrorMessage(new TypeError('boom'), false)).toBe('Error marking as active: boom')
  })

  it('delete: the confirmation and the failures', () => {
    expect(deleteConfirmText('A "B"')).toBe('Are you sure you want to delete "A "B""? This cannot be undone.')
    expect(deleteErrorMessage(new ApiError(404, 'Article not found'))).toBe('Article not found')
    expect(deleteErrorMessage(new ApiError(502, undefined))).toBe('HTTP error 502')
    expect(deleteErrorMessage(new ApiError(200, undefined, 'x'))).toBe('Failed to delete item.')
    expect(deleteErrorMessage(new Error('offline'))).toBe('Error deleting item: offline')
  })

  it('media goes through the proxy with the address encoded', () => {
    expect(proxiedMediaUrl('/demo/a b.mp3')).toBe('/media-proxy/proxy_media?resource_addr=%2Fdemo%2Fa%20b.mp3')
    expect(proxiedMediaUrl('https://x.test/a.mp3?x=1&y=2')).toBe('/media-proxy/proxy_media?resource_addr=https%3A%2F%2Fx.test%2Fa.mp3%3Fx%3D1%26y%3D2')
  })

  it('recognises youtube:{id} videos', () => {
    expect(youTubeId('youtube:dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeId('https://youtube.com/watch?v=x')).toBeUndefined()
    expect(youTubeId('youtube:')).toBeUndefined()
    expect(youTubeId(null)).toBeUndefined()
  })

  it('picks what plays from the route and the article', () => {
    const both = { Video: 'youtube:dQw4w9WgXcQ', Audio: '/a.mp3' }
    expect(pickMedia('video', both)).toEqual({ kind: 'youtube', address: 'youtube:dQw4w9WgXcQ' })
    expect(pickMedia('audio', both)).toEqual({ kind: 'audio', address: '/a.mp3' })
    expect(pickMedia('video', { Video: '/v.mp4', Audio: null })).toEqual({ kind: 'video', address: '/v.mp4' })
    expect(pickMedia('video', { Video: null, Audio: '/a.mp3' })).toEqual({ kind: 'audio', address: '/a.mp3' })
    expect(pickMedia('audio', { Video: '/v.mp4', Audio: ' ' })).toEqual({ kind: 'video', address: '/v.mp4' })
    expect(pickMedia('audio', { Video: null, Audio: null })).toBeUndefined()
  })

  it('says where a transcript waits or how far it is', () => {
    const base = { progress: 0, confidence: 'aligned' as const }
    expect(transcriptionStateText({ ...base, status: 'pending', waiting: { ahead: 1, wait_seconds: 40 } })).toBe('Waiting: 1 episode ahead, about 40 s')
    expect(transcriptionStateText({ ...base, status: 'pending', waiting: { ahead: 3, wait_seconds: 150 } })).toBe('Waiting: 3 episodes ahead, about 3 min')
    // No estimate (a length ahead is unknown): no "about".
    expect(transcriptionStateText({ ...base, status: 'pending', waiting: { ahead: 2 } })).toBe('Waiting: 2 episodes ahead')
    expect(transcriptionStateText({ ...base, status: 'pending', waiting: { ahead: 0, wait_seconds: 2 } })).toBe('Waiting: next in line, about 2 s')
    expect(transcriptionStateText({ ...base, status: 'running', progress: 0.357 })).toBe('Transcribing: 35 %')
    // A server that does not say where it waits: the progress, as before.
    expect(transcriptionStateText({ ...base, status: 'pending' })).toBe('Transcribing: 0 %')
    expect(transcriptionStateText({ ...base, status: 'done', progress: 1 })).toBeUndefined()
    // Set aside after it stopped the server twice: no progress line (the panel shows the notice instead).
    expect(transcriptionStateText({ ...base, status: 'failed', notice: 'set_aside' })).toBeUndefined()
    expect(transcriptionStateText(undefined)).toBeUndefined()
    expect([0, 1, 59, 60, 89, 90, 3600].map(formatWait)).toEqual(['1 s', '1 s', '59 s', '1 min', '1 min', '2 min', '60 min'])
  })
})
