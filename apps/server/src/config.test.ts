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

  it('keeps stored files on local disk unless STORAGE_URL names a bucket', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' })
    expect(loadConfig({ STORAGE_URL: '' }).storage).toEqual({ kind: 'local' })
    const s3 = loadConfig({
      STORAGE_URL: 's3://media-bucket/lingo/cast/?endpoint=http://minio:9000&region=eu-west-1&forcePathStyle=true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    }).storage
    expect(s3).toEqual({ kind: 's3', bucket: 'media-bucket', prefix: 'lingo/cast', endpoint: 'http://minio:9000', region: 'eu-west-1', forcePathStyle: true, credentials: { accessKeyId: 'key', secretAccessKey: 'secret' } })
    // AWS itself: no endpoint, virtual-host style, the SDK's own credential chain.
    expect(loadConfig({ STORAGE_URL: 's3://media-bucket' }).storage).toEqual({ kind: 's3', bucket: 'media-bucket', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, credentials: undefined })
  })

  it('says what is wrong with a STORAGE_URL', () => {
    expect(() => loadConfig({ STORAGE_URL: 'minio:9000/bucket' })).toThrow(/STORAGE_URL: only s3:\/\//)
    expect(() => loadConfig({ STORAGE_URL: 'not a url' })).toThrow(/STORAGE_URL: must be a URL/)
    expect(() => loadConfig({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/STORAGE_URL: not a bucket name/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket/a/../b' })).toThrow(/STORAGE_URL/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?endpont=http://x' })).toThrow(/STORAGE_URL: unknown option endpont/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?endpoint=minio:9000' })).toThrow(/STORAGE_URL: endpoint must be an http/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket?forcePathStyle=yes' })).toThrow(/STORAGE_URL: forcePathStyle/)
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'key' })).toThrow(/set both or neither/)
  })
})
