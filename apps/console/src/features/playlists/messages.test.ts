import { describe, expect, it } from 'vitest'
import { ApiError, UNEXPECTED_FORMAT } from '../../api/client'
import { createErrorMessage, deleteErrorMessage, detailErrorMessage, isNotFound, MissingTokenError, removeItemErrorMessage, titleErrorMessage, titleToSave } from './messages'

const refused = new ApiError(400, 'Playlist title cannot be empty')
const httpOnly = new ApiError(502, undefined)
const offline = new ApiError(0, undefined)

describe('playlist error texts (spec 000 s8)', () => {
  it('New Playlist: server msg, else the fallback; no answer or no token said as such', () => {
    expect(createErrorMessage(refused)).toBe('Playlist title cannot be empty')
    expect(createErrorMessage(httpOnly)).toBe('Failed to create playlist.')
    expect(createErrorMessage(offline)).toBe('Error creating playlist: Network error: the server could not be reached')
    expect(createErrorMessage(new MissingTokenError('Authentication token not found.'))).toBe('Authentication token not found.')
  })

  it('detail: server msg, status, unexpected format, fallback; a 404 is the not-found state', () => {
    expect(detailErrorMessage(new ApiError(500, 'Database is busy'))).toBe('Database is busy')
    expect(detailErrorMessage(new ApiError(503, undefined))).toBe('Failed to fetch playlist (status: 503)')
    expect(detailErrorMessage(new ApiError(200, undefined, UNEXPECTED_FORMAT))).toBe('Received unexpected data format from API.')
    expect(detailErrorMessage(offline)).toBe('Failed to load playlist data')
    expect(detailErrorMessage(new MissingTokenError('Authentication required.'))).toBe('Authentication required.')
    expect(isNotFound(new ApiError(404, 'Playlist not found'))).toBe(true)
    expect(isNotFound(httpOnly)).toBe(false)
  })

  it('rename, delete and item removal prefix the reason', () => {
    expect(titleErrorMessage(refused)).toBe('Failed to update title: Playlist title cannot be empty')
    expect(titleErrorMessage(httpOnly)).toBe('Failed to update title: HTTP error 502')
    expect(titleErrorMessage(new TypeError('boom'))).toBe('An error occurred: boom')
    expect(deleteErrorMessage(new ApiError(404, 'Playlist not found'))).toBe('Operation failed: Playlist not found')
    expect(deleteErrorMessage(new MissingTokenError('Authentication error. Please log in again.'))).toBe('Authentication error. Please log in again.')
    expect(removeItemErrorMessage(httpOnly)).toBe('Failed to remove item: HTTP error 502')
  })
})

describe('titleToSave (spec 000 s5)', () => {
  it('trims; empty or unchanged just closes the edit', () => {
    expect(titleToSave('  Morning  ', 'Evening')).toBe('Morning')
    expect(titleToSave('   ', 'Evening')).toBeUndefined()
    expect(titleToSave(' Evening ', 'Evening')).toBeUndefined()
  })
})
