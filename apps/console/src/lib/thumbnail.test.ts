import { describe, expect, it } from 'vitest'
import { DESCRIPTION_IMAGE_SIZE, descriptionImageUrl, proxiedThumbnail, thumbnailUrl } from './thumbnail'

describe('thumbnailUrl', () => {
  it('prefixes stored paths with the storage jump route', () => {
    expect(thumbnailUrl('/x.jpg')).toBe('/storage/api/jump/x.jpg')
    expect(thumbnailUrl('/uploads/2024/a b.png', '/v.mp4')).toBe('/storage/api/jump/uploads/2024/a b.png')
  })

  it('uses a thumbnail already under /storage/api/ as is', () => {
    expect(thumbnailUrl('/storage/api/jump/x.jpg')).toBe('/storage/api/jump/x.jpg')
    expect(thumbnailUrl('/storage/api/thumbnail/v.mp4')).toBe('/storage/api/thumbnail/v.mp4')
  })

  it('loads remote images through the thumbnail proxy at size 180', () => {
    const url = 'https://img.example.com/cover.jpg?w=600&h=400'
    expect(thumbnailUrl(url)).toBe(`/media-proxy/thumbnail-image?size=180&address=${encodeURIComponent(url)}`)
    expect(thumbnailUrl('http://example.com/a.png')).toBe('/media-proxy/thumbnail-image?size=180&address=http%3A%2F%2Fexample.com%2Fa.png')
    expect(thumbnailUrl('HTTPS://EXAMPLE.COM/A.PNG')).toBe(proxiedThumbnail('HTTPS://EXAMPLE.COM/A.PNG'))
    expect(thumbnailUrl('//cdn.example.com/a.png')).toBe(proxiedThumbnail('https://cdn.example.com/a.png'))
  })

  it('falls back to a frame of a stored video when there is no thumbnail', () => {
    expect(thumbnailUrl(null, '/videos/talk.mp4')).toBe('/storage/api/thumbnail/videos/talk.mp4')
    expect(thumbnailUrl(undefined, '/videos/talk.mp4')).toBe('/storage/api/thumbnail/videos/talk.mp4')
    expect(thumbnailUrl('   ', '/videos/talk.mp4')).toBe('/storage/api/thumbnail/videos/talk.mp4')
  })

  it('gives nothing for YouTube, remote or missing videos without a thumbnail', () => {
    expect(thumbnailUrl(null, 'youtube:dQw4w9WgXcQ')).toBeUndefined()
    expect(thumbnailUrl(null, 'https://example.com/v.mp4')).toBeUndefined()
    expect(thumbnailUrl(null, '//example.com/v.mp4')).toBeUndefined()
    expect(thumbnailUrl(null, null)).toBeUndefined()
    expect(thumbnailUrl(undefined)).toBeUndefined()
    expect(thumbnailUrl('', '')).toBeUndefined()
  })

  it('refuses other schemes rather than loading them', () => {
    expect(thumbnailUrl('javascript:alert(1)')).toBeUndefined()
    expect(thumbnailUrl('data:image/png;base64,AAAA')).toBeUndefined()
    expect(thumbnailUrl('file:///etc/passwd')).toBeUndefined()
    expect(thumbnailUrl('cover.jpg')).toBeUndefined()
    // An unusable thumbnail counts as missing: the video frame still applies.
    expect(thumbnailUrl('javascript:alert(1)', '/v.mp4')).toBe('/storage/api/thumbnail/v.mp4')
  })
})

describe('descriptionImageUrl', () => {
  it('loads a remote description image only through the image proxy, at the panel size', () => {
    const pixel = 'http://tracker.example.com/pixel.gif?reader=1'
    expect(descriptionImageUrl(pixel)).toBe(`/media-proxy/thumbnail-image?size=1024&address=${encodeURIComponent(pixel)}`)
    expect(descriptionImageUrl(' https://cdn.example.com/a.png ')).toBe(proxiedThumbnail('https://cdn.example.com/a.png', DESCRIPTION_IMAGE_SIZE))
    expect(descriptionImageUrl('//cdn.example.com/a.png')).toBe(proxiedThumbnail('https://cdn.example.com/a.png', DESCRIPTION_IMAGE_SIZE))
  })

  it('loads nothing that is not an absolute http(s) address the proxy accepts', () => {
    for (const src of [null, undefined, '', '  ', '/storage/api/jump/x.png', 'pixel.gif', '../x.png', 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'javascript:alert(1)', 'ftp://example.com/x.png', `https://example.com/${'a'.repeat(2048)}`]) {
      expect(descriptionImageUrl(src), String(src)).toBeUndefined()
    }
  })
})
