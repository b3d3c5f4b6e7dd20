import { describe, expect, it } from 'vitest'
import { FEED_LIMITS, FeedParseError, parseDuration, parseFeedDocument } from './parse-feed'

const podcast = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Learn &amp; Talk</title>
  <description>Short talks</description>
  <itunes:image href="https://cdn.example.com/show.jpg"/>
  <itunes:category text="Education"><itunes:category text="Language Learning"/></itunes:category>
  <item>
    <title>Ordering coffee</title>
    <guid isPermaLink="false">ep-1</guid>
    <pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>
    <enclosure url="/media/ep1.mp3" type="audio/mpeg" length="1234"/>
    <itunes:duration>01:02:03</itunes:duration>
    <itunes:image href="https://cdn.example.com/ep1.jpg"/>
    <podcast:transcript url="https://cdn.example.com/ep1.json" type="application/json"/>
    <podcast:transcript url="https://cdn.example.com/ep1.vtt" type="text/vtt"/>
    <content:encoded><![CDATA[<p>We <b>order</b> coffee.</p>]]></content:encoded>
  </item>
  <item>
    <title>A video lesson</title>
    <enclosure url="https://cdn.example.com/ep2.mp4" type="video/mp4"/>
    <itunes:duration>754</itunes:duration>
  </item>
  <item>
    <description>No title, no media, no date</description>
  </item>
</channel></rss>`

describe('parseFeedDocument', () => {
  it('reads an RSS podcast with the iTunes and podcast namespaces', () => {
    const feed = parseFeedDocument(podcast, 'https://feeds.example.com/show.xml')
    expect(feed).toMatchObject({ title: 'Learn & Talk', description: 'Short talks', image: 'https://cdn.example.com/show.jpg', category: 'Education' })
    const [first, second, third] = feed.items
    expect(first).toMatchObject({
      guid: 'ep-1',
      title: 'Ordering coffee',
      description: '<p>We <b>order</b> coffee.</p>',
      thumbnail: 'https://cdn.example.com/ep1.jpg',
      durationSeconds: 3723,
      // Relative enclosure resolved against the feed's address.
      audio: 'https://feeds.example.com/media/ep1.mp3',
      video: null,
      // VTT is preferred over JSON: it carries cue times the aligner can use.
      transcript: { url: 'https://cdn.example.com/ep1.vtt', type: 'text/vtt' },
    })
    expect(first!.pubDate?.toISOString()).toBe('2026-11-02T10:00:00.000Z')
    expect(second).toMatchObject({ title: 'A video lesson', video: 'https://cdn.example.com/ep2.mp4', audio: null, durationSeconds: 754, guid: 'https://cdn.example.com/ep2.mp4' })
    // Missing fields give a partial item, never a crash; the id is stable across fetches.
    expect(third).toMatchObject({ title: 'Untitled episode', audio: null, video: null, pubDate: null, description: 'No title, no media, no date' })
    expect(third!.guid).toMatch(/^sha1:/)
    expect(parseFeedDocument(podcast).items[2]!.guid).toBe(third!.guid)
  })

  it('maps a YouTube channel feed to youtube:{id} videos', () => {
    const yt = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <title>English Channel</title>
 <entry><id>yt:video:dQw4w9WgXcQ</id><yt:videoId>dQw4w9WgXcQ</yt:videoId><title>Phrasal verbs</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"/>
  <published>2026-11-01T08:00:00+00:00</published>
  <media:group><media:title>Phrasal verbs</media:title><media:thumbnail url="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" width="480" height="360"/><media:description>Learn them</media:description></media:group>
 </entry>
</feed>`
    const feed = parseFeedDocument(yt)
    expect(feed.title).toBe('English Channel')
    expect(feed.items).toHaveLength(1)
    expect(feed.items[0]).toMatchObject({
      guid: 'yt:video:dQw4w9WgXcQ',
      title: 'Phrasal verbs',
      video: 'youtube:dQw4w9WgXcQ',
      audio: null,
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      description: 'Learn them',
      link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    })
  })

  it('reads a JSON Feed with an audio attachment', () => {
    const json = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Json Show',
      items: [{ id: 'j1', title: 'Hello', content_html: '<p>x</p>', date_published: '2026-10-01T00:00:00Z', attachments: [{ url: 'https://cdn.example.com/j1.m4a', mime_type: 'audio/mp4', duration_in_seconds: 61 }] }],
    })
    expect(parseFeedDocument(json).items[0]).toMatchObject({ guid: 'j1', audio: 'https://cdn.example.com/j1.m4a', durationSeconds: 61 })
  })

  it('drops U+0000 from every field, raw in XML or escaped in a JSON Feed (PostgreSQL cannot store it)', () => {
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Sho\u0000w</title><description>d\u0000e</description><item><title>Epi\u0000sode</title><guid>g\u00001</guid><enclosure url="https://cdn.example.com/a.mp3" type="audio/mpeg" length="1"/></item></channel></rss>`
    const json = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'J\u0000F', items: [{ id: 'j\u00001', title: 'T\u0000', attachments: [{ url: 'https://cdn.example.com/j.m4a', mime_type: 'audio/mp4' }] }] })
    for (const doc of [rss, json]) expect(JSON.stringify(parseFeedDocument(doc))).not.toContain('\\u0000')
    expect(parseFeedDocument(rss)).toMatchObject({ title: 'Show', description: 'de', items: [{ title: 'Episode', guid: 'g1' }] })
    expect(parseFeedDocument(json)).toMatchObject({ title: 'JF', items: [{ title: 'T', guid: 'j1' }] })
  })

  it('does not expand declared entities (billion laughs) and drops the DTD', () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('')
    const hostile = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol0 "lol">${lol}]><rss version="2.0"><channel><title>&lol9;</title><item><title>a &amp; b &#233;</title><guid>x</guid></item></channel></rss>`
    const feed = parseFeedDocument(hostile)
    expect(feed.title.length).toBeLessThan(20)
    expect(feed.items[0]!.title).toBe('a & b é')
  })

  it('says what is wrong with a document that is not a feed or not XML', () => {
    const reason = (body: string) => {
      try {
        parseFeedDocument(body)
        return 'parsed'
      } catch (error) {
        expect(error).toBeInstanceOf(FeedParseError)
        return (error as FeedParseError).reason
      }
    }
    expect(reason('<!doctype html><html><body>Not a feed</body></html>')).toBe('not-a-feed')
    expect(reason('')).toBe('not-a-feed')
    expect(reason('{"hello": 1}')).toBe('not-a-feed')
    expect(reason('<rss version="2.0"><channel><title>x</title><item><title>open</channel>')).toBe('invalid-xml')
  })

  it('bounds what a hostile feed can store', () => {
    const items = Array.from({ length: FEED_LIMITS.items + 10 }, (_, i) => `<item><guid>${i}</guid><title>${'t'.repeat(i === 0 ? 5000 : 1)}</title></item>`).join('')
    const feed = parseFeedDocument(`<rss version="2.0"><channel><title>big</title>${items}</channel></rss>`)
    expect(feed.items).toHaveLength(FEED_LIMITS.items)
    expect(feed.items[0]!.title).toHaveLength(FEED_LIMITS.title)
  })

  it('keeps only http(s) media and images: a javascript: enclosure is dropped', () => {
    const feed = parseFeedDocument(`<rss version="2.0"><channel><title>x</title><item><guid>1</guid><title>t</title><enclosure url="javascript:alert(1)" type="audio/mpeg"/></item></channel></rss>`)
    expect(feed.items[0]).toMatchObject({ audio: null, video: null })
  })
})

describe('parseDuration', () => {
  it('reads every form feeds use', () => {
    expect(parseDuration(3723)).toBe(3723)
    expect(parseDuration('3723')).toBe(3723)
    expect(parseDuration('62:03')).toBe(3723)
    expect(parseDuration('1:02:03')).toBe(3723)
    expect(parseDuration('0:00:30.5')).toBe(30.5)
    expect(parseDuration('PT1H2M3S')).toBe(3723)
    expect(parseDuration('PT45M')).toBe(2700)
    expect(parseDuration('about an hour')).toBeNull()
    expect(parseDuration('')).toBeNull()
    expect(parseDuration(-5)).toBeNull()
  })
})
