import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('config', () => {
  it('starts on the embedded default with no environment at all', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, devLogin: false, demo: false, github: undefined, oidc: undefined })
    expect(c.dataDir).toBe(path.resolve('./data'))
    expect(c.publicUrl).toBe('http://localhost:3000')
  })

  it('enables a provider only when all its settings are present', () => {
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id' }).github).toBeUndefined()
    expect(loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).github).toMatchObject({ clientId: 'id', url: 'https://github.com' })
    expect(loadConfig({ OIDC_ISSUER: 'https://sso.example/', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).oidc?.issuer).toBe('https://sso.example')
  })

  it('reads flags and treats empty values as unset', () => {
    expect(loadConfig({ DEV_LOGIN: '1', DEMO: 'true', DATABASE_URL: '' })).toMatchObject({ devLogin: true, demo: true, databaseUrl: undefined })
  })

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})
