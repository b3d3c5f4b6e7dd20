import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, defaultTranscribeConcurrency, loadConfig } from './config'

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

  it('runs as many transcriptions at once as the process gets cores, unless TRANSCRIBE_CONCURRENCY says', () => {
    // A worker takes every core; a process that also serves HTTP leaves one to it; never fewer than one.
    expect([1, 2, 4, 16].map((cores) => loadConfig({ PROCESS_ROLE: 'worker' }, { cores }).jobs.concurrency)).toEqual([1, 2, 4, 16])
    expect([1, 2, 4, 16].map((cores) => loadConfig({}, { cores }).jobs.concurrency)).toEqual([1, 1, 3, 15])
    expect(defaultTranscribeConcurrency(8, 'both')).toBe(7)
    // Without a count handed in, the machine's own (this process's share of it).
    expect(loadConfig({ PROCESS_ROLE: 'worker' }).jobs.concurrency).toBe(os.availableParallelism())
    expect(loadConfig({ TRANSCRIBE_CONCURRENCY: '3' }, { cores: 16 }).jobs.concurrency).toBe(3)
    // The older name still counts; the new one wins over it; blank is unset.
    expect(loadConfig({ JOB_CONCURRENCY: '5' }, { cores: 2 }).jobs.concurrency).toBe(5)
    expect(loadConfig({ JOB_CONCURRENCY: '5', TRANSCRIBE_CONCURRENCY: '2' }, { cores: 2 }).jobs.concurrency).toBe(2)
    expect(loadConfig({ TRANSCRIBE_CONCURRENCY: ' ', JOB_CONCURRENCY: '' }, { cores: 4 }).jobs.concurrency).toBe(3)
    for (const bad of ['0', '-1', '1.5', 'many', '65']) expect(() => loadConfig({ TRANSCRIBE_CONCURRENCY: bad })).toThrow(/TRANSCRIBE_CONCURRENCY/)
  })
})
