/** Where STORAGE_URL points: an S3-compatible bucket, and the key prefix inside it. */
export interface StorageUrl {
  bucket: string
  /** '' for the bucket's root. */
  prefix: string
  /** Undefined: AWS itself. */
  endpoint: string | undefined
  region: string
  /** Path-style addresses (http://host/bucket/key), which MinIO and most self-hosted servers need. */
  forcePathStyle: boolean
}

/** Parses `s3://bucket/prefix?endpoint=http://host:9000&region=us-east-1&forcePathStyle=true`; throws with the reason. */
export function parseStorageUrl(url: string): StorageUrl {
  // URL would quietly fold them away: a prefix is taken as written, or refused.
  if (/\/\.{1,2}(\/|\?|$)/.test(url.replace(/^s3:\/\//, '/'))) throw new Error('the prefix may not contain . or .. segments')
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('must be a URL such as s3://bucket/prefix?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true')
  }
  if (parsed.protocol !== 's3:') throw new Error('only s3:// is supported (unset it for local disk)')
  const bucket = parsed.hostname
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`not a bucket name: ${bucket}`)
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '')
  if (prefix.split('/').some((part) => part === '..' || part === '.')) throw new Error('the prefix may not contain . or .. segments')
  const known = new Set(['endpoint', 'region', 'forcePathStyle'])
  for (const name of parsed.searchParams.keys()) if (!known.has(name)) throw new Error(`unknown option ${name} (endpoint, region, forcePathStyle)`)
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('endpoint must be an http(s) URL such as http://127.0.0.1:9000')
  const style = parsed.searchParams.get('forcePathStyle')
  if (style !== null && !['true', 'false', '1', '0'].includes(style)) throw new Error('forcePathStyle must be true or false')
  return {
    bucket,
    prefix,
    endpoint,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: style === 'true' || style === '1',
  }
}
