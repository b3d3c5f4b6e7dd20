import { describe, expect, it } from 'vitest'
import { redactUrl, withLogRedaction } from './log-redaction'

describe('redactUrl', () => {
  it.each([
    ['/console/login?token=ticket.abc', '/console/login?token=[redacted]'],
    ['/user/api/oauth/github/callback?code=c0de&state=s7a7e', '/user/api/oauth/github/callback?code=[redacted]&state=[redacted]'],
    ['/x?TOKEN=a&Ticket=b&access_token=c&page=2', '/x?TOKEN=[redacted]&Ticket=[redacted]&access_token=[redacted]&page=2'],
    // An encoded name is still recognised; a malformed escape does not throw.
    ['/x?%74oken=a&bad=%E0%A4%A', '/x?%74oken=[redacted]&bad=%E0%A4%A'],
    ['/x?%zz=1&flag&code=', '/x?%zz=1&flag&code=[redacted]'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged)
  })

  it('leaves URLs without secrets as they are', () => {
    for (const url of ['/console/', '/media-proxy/transcript?address=a&play_pos=3', '/?']) expect(redactUrl(url)).toBe(url)
  })
})

describe('withLogRedaction', () => {
  it('keeps a disabled logger disabled and adds the serializer to any other', () => {
    expect(withLogRedaction(false)).toBe(false)
    expect(withLogRedaction(undefined)).toBeUndefined()
    const options = withLogRedaction({ level: 'warn' }) as { level: string; serializers: Record<string, unknown>; redact: unknown }
    expect(options.level).toBe('warn')
    expect(options.serializers.req).toBeTypeOf('function')
    expect(options.redact).toMatchObject({ censor: '[redacted]' })
  })
})
