import { UPLOAD_MSG } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { PICKER_ACCEPT } from './picker'
import { mediaInfoErrorText, pickFiles, saveErrorText, titleFromName, uploadErrorText, validateSave } from './upload-flow'

describe('pickFiles', () => {
  it('takes the media and an optional subtitle from what was chosen', () => {
    expect(pickFiles([{ name: 'talk.srt' }, { name: 'talk.mp4' }])).toEqual({ media: { name: 'talk.mp4' }, subtitle: { name: 'talk.srt' } })
    expect(pickFiles([{ name: 'memo.m4a' }])).toEqual({ media: { name: 'memo.m4a' }, subtitle: undefined })
    expect(pickFiles([{ name: 'talk.VTT' }])).toBeUndefined()
    expect(pickFiles([])).toBeUndefined()
  })

  it('offers video, audio and subtitles in the picker', () => {
    expect(PICKER_ACCEPT).toBe('video/*,audio/*,.srt,.vtt')
  })
})

describe('validateSave', () => {
  it('asks for a title first, then a common media type (spec 001 s5)', () => {
    expect(validateSave('  ', '/uploads/a.mp4')).toBe('Please enter a title.')
    expect(validateSave('Talk', '/uploads/a.txt')).toBe('Unsupported file type. Only common video and audio formats are supported.')
    expect(validateSave(' Talk ', '/uploads/a.webm')).toBeUndefined()
  })
})

describe('error texts', () => {
  it('use the catalogue of spec 001 s8 with the server msg', () => {
    expect(uploadErrorText(new ApiError(413, 'The file is larger than the upload limit of 2048 MB.'))).toBe('Upload failed: The file is larger than the upload limit of 2048 MB.')
    expect(uploadErrorText(new ApiError(0, undefined))).toBe('Upload failed: Network error: the server could not be reached')
    expect(mediaInfoErrorText(new ApiError(404, 'Uploaded file not found'))).toBe('Upload succeeded, but failed to get media info: Uploaded file not found')
    expect(saveErrorText(new ApiError(400, 'Please enter a title.'))).toBe('Failed to save article: Please enter a title.')
    expect(saveErrorText(new ApiError(500, undefined))).toBe(UPLOAD_MSG.saveFailed(undefined))
    expect(saveErrorText(new TypeError('x'))).toBe('Failed to save article: Unknown error')
  })

  it('fall back to the file name for a title', () => {
    expect(titleFromName('My talk.final.mp4')).toBe('My talk.final')
    expect(titleFromName('.hidden')).toBe('.hidden')
  })
})
