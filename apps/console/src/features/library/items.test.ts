import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import {
  deleteConfirmText,
  deleteErrorMessage,
  filterByStatus,
  markErrorMessage,
  newestFirst,
  parseLibrarySort,
  parseStatusFilter,
  playerPath,
  restoreItem,
} from './items'

const item = (CollectionID: number, IsFinished = false, HashID = `h${CollectionID}`) => ({ CollectionID, HashID, IsFinished })

describe('status filter', () => {
  const items = [item(3), item(2, true), item(1)]

  it('Active shows unfinished items, Finished the finished ones, All everything, in order', () => {
    expect(filterByStatus(items, 'active').map((i) => i.CollectionID)).toEqual([3, 1])
    expect(filterByStatus(items, 'finished').map((i) => i.CollectionID)).toEqual([2])
    expect(filterByStatus(items, 'all').map((i) => i.CollectionID)).toEqual([3, 2, 1])
    expect(filterByStatus([], 'all')).toEqual([])
  })

  it('reads the URL parameter, defaulting to Active', () => {
    expect(parseStatusFilter('finished')).toBe('finished')
    expect(parseStatusFilter('All')).toBe('all')
    expect(parseStatusFilter(' active ')).toBe('active')
    expect(parseStatusFilter(null)).toBe('active')
    expect(parseStatusFilter('')).toBe('active')
    expect(parseStatusFilter('deleted')).toBe('active')
    expect(parseStatusFilter('constructor')).toBe('active')
  })
})

describe('newestFirst', () => {
  it('sorts by CollectionID descending without touching the input', () => {
    const input = [item(1), item(5), item(3)]
    expect(newestFirst(input).map((i) => i.CollectionID)).toEqual([5, 3, 1])
    expect(input.map((i) => i.CollectionID)).toEqual([1, 5, 3])
  })
})

describe('restoreItem', () => {
  it('puts a removed item back in its place, once', () => {
    const removed = item(2)
    expect(restoreItem([item(3), item(1)], removed).map((i) => i.CollectionID)).toEqual([3, 2, 1])
    expect(restoreItem([item(3), item(2), item(1)], removed).map((i) => i.CollectionID)).toEqual([3, 2, 1])
    expect(restoreItem([], removed)).toEqual([removed])
  })
})

describe('playerPath', () => {
  it('opens the video player when there is a video, else the audio player', () => {
    expect(playerPath({ HashID: 'abc123', Video: 'youtube:xyz' })).toBe('/player/video/abc123')
    expect(playerPath({ HashID: 'abc123', Video: '/v.mp4' })).toBe('/player/video/abc123')
    expect(playerPath({ HashID: 'abc123', Video: null })).toBe('/player/audio/abc123')
    expect(playerPath({ HashID: 'abc123', Video: '' })).toBe('/player/audio/abc123')
  })
})

describe('delete texts', () => {
  it('asks with the exact confirmation', () => {
    expect(deleteConfirmText('Sense & "Sensibility"')).toBe('Are you sure you want to delete "Sense & "Sensibility""? This cannot be undone.')
  })

  it('names the failure as the catalogue does', () => {
    expect(deleteErrorMessage(new ApiError(404, 'Article not found'))).toBe('Article not found')
    expect(deleteErrorMessage(new ApiError(500, undefined))).toBe('HTTP error 500')
    expect(deleteErrorMessage(new ApiError(200, undefined, 'Received unexpected data format from API.'))).toBe('Failed to delete item.')
    expect(deleteErrorMessage(new ApiError(0, undefined))).toBe('Error deleting item: Network error: the server could not be reached')
    expect(deleteErrorMessage(new TypeError('boom'))).toBe('Error deleting item: boom')
  })

  it('names a failed mark as the catalogue does', () => {
    expect(markErrorMessage(new ApiError(500, undefined), true)).toBe('Failed to mark as finished')
    expect(markErrorMessage(new ApiError(404, 'Article not found'), false)).toBe('Article not found')
    expect(markErrorMessage(new ApiError(0, undefined), false)).toBe('Error marking as active: Network error: the server could not be reached')
  })
})

describe('sort', () => {
  it('reads easiest first from the address; anything else is newest first', () => {
    expect(parseLibrarySort('easiest')).toBe('easiest')
    expect(parseLibrarySort(' Easiest ')).toBe('easiest')
    expect(parseLibrarySort('hardest')).toBe('newest')
    expect(parseLibrarySort(null)).toBe('newest')
  })
})
