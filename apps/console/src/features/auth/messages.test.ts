import { MSG } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { ApiError, UNEXPECTED_FORMAT } from '../../api/client'
import { loginError, oauthReturnError, sendCodeError } from './messages'

describe('sign-in error texts', () => {
  it('shows the server msg of a failed send, else the fallback', () => {
    expect(sendCodeError(new ApiError(429, 'Too many codes requested for this address. Try again in an hour.'))).toBe(
      'Too many codes requested for this address. Try again in an hour.',
    )
    expect(sendCodeError(new ApiError(500, undefined))).toBe('Failed to send verification code')
    expect(sendCodeError(new ApiError(0, undefined))).toBe('Failed to send verification code')
    expect(sendCodeError(new Error('boom'))).toBe('Failed to send verification code')
  })

  it('shows the server msg of a failed login, the status of a bare HTTP failure, else Login failed', () => {
    expect(loginError(new ApiError(400, 'Incorrect verification code'))).toBe('Incorrect verification code')
    expect(loginError(new ApiError(502, undefined))).toBe('Login failed: 502')
    expect(loginError(new ApiError(200, undefined, UNEXPECTED_FORMAT))).toBe('Login failed')
    expect(loginError(new ApiError(0, undefined))).toBe('Login failed')
    expect(loginError(new TypeError('x'))).toBe('Login failed')
  })

  it('shows only the server’s own OAuth failure texts', () => {
    expect(oauthReturnError(null)).toBeUndefined()
    expect(oauthReturnError(MSG.oauthDisabled)).toBe(MSG.oauthDisabled)
    expect(oauthReturnError(MSG.oauthFailed)).toBe(MSG.oauthFailed)
    expect(oauthReturnError('Call +1 555 0100 to unlock your account')).toBe(MSG.oauthFailed)
  })
})
