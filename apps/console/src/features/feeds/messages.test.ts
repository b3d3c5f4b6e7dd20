import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import {
  addToStudyErrorText,
  detailLoadMessage,
  errorLine,
  importErrorText,
  MissingTokenError,
  opmlImportSummary,
  renameErrorText,
  toggleFailureAlert,
  toggleFailureToast,
  toggleSuccessToast,
} from './messages'

describe('feed texts (spec 001 s8)', () => {
  it("add to study: the server's msg, or the failure of the call", () => {
    expect(addToStudyErrorText(new ApiError(404, 'Episode not found'))).toBe('Failed to add to study: Episode not found')
    expect(addToStudyErrorText(new ApiError(500, undefined))).toBe('Failed to add to study: HTTP error 500')
    expect(addToStudyErrorText(new ApiError(0, undefined))).toBe('An error occurred while adding to study: Network error: the server could not be reached')
    expect(addToStudyErrorText(new TypeError('boom'))).toBe('An error occurred while adding to study: boom')
  })
  it('feed detail: one message per step, and the token text', () => {
    expect(errorLine(detailLoadMessage(new ApiError(500, 'x'), 'feed'))).toBe('Error: Failed to fetch RSS feed details.')
    expect(detailLoadMessage(new ApiError(500, 'x'), 'items')).toBe('Failed to fetch RSS items.')
    expect(detailLoadMessage(new ApiError(500, 'x'), 'subscription')).toBe('Failed to fetch subscription status.')
    expect(detailLoadMessage(new MissingTokenError(), 'items')).toBe('Authentication token not found.')
  })
  it('subscribe toggles: toasts with the server msg, alerts with the msg alone', () => {
    expect(toggleSuccessToast(true)).toBe('Subscribed successfully')
    expect(toggleSuccessToast(false)).toBe('Unsubscribed successfully')
    expect(toggleFailureToast(new ApiError(404, 'Not found'), true)).toBe('Failed to subscribe: Not found')
    expect(toggleFailureToast(new ApiError(500, undefined), false)).toBe('Failed to unsubscribe')
    expect(toggleFailureAlert(new ApiError(404, 'Not found'), false)).toBe('Not found')
    expect(toggleFailureAlert(new ApiError(0, undefined), true)).toBe('Failed to subscribe')
  })
  it("import: the server's msg, else 'Failed to import RSS feed'", () => {
    expect(importErrorText(new ApiError(422, 'This address is not an RSS or Atom feed'))).toBe('This address is not an RSS or Atom feed')
    expect(importErrorText(new ApiError(502, undefined))).toBe('Failed to import RSS feed')
    expect(importErrorText(new ApiError(0, undefined))).toBe('Failed to import RSS feed')
  })
  it("rename: the server's reason (a bad name says what is wrong), else the failure of the call", () => {
    expect(renameErrorText(new ApiError(400, 'The channel name cannot be empty'))).toBe('Failed to rename the channel: The channel name cannot be empty')
    expect(renameErrorText(new ApiError(404, 'RSS feed not found.'))).toBe('Failed to rename the channel: RSS feed not found.')
    expect(renameErrorText(new ApiError(0, undefined))).toBe('Failed to rename the channel: Network error: the server could not be reached')
    expect(renameErrorText(new MissingTokenError())).toBe('Authentication token not found.')
  })
  it('OPML summary counts channels', () => {
    expect(opmlImportSummary(1, 0)).toBe('Subscribed to 1 channel')
    expect(opmlImportSummary(3, 2)).toBe('Subscribed to 3 channels; 2 skipped')
  })
})
