import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FEED_PARSE_MESSAGES, FeedParseError, parseFeedDocument } from './parse-feed'

/** Feeds as publishers write them (fixtures/wild/*.xml, written for these tests). */
const wild = (name: string) => readFileSync(new URL(`./fixtures/wild/${name}`, import.meta.url), 'utf8')
const BASE = 'https://feeds.example.net/show.xml'

const refusal = (body: string) => {
  try {
    parseFeedDocument(body, BASE)
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError)
    return FEED_PARSE_MESSAGES[(error as FeedParseError).reason]
  }
  throw new Error('the document was read as a feed')
}

describe('feeds as they are in the wild', () => {
  it('reads a bare & in titles and links, without turning &copy= or &region= into symbols', () => {
    const feed = parseFeedDocument(wild('bare-ampersand.xml'), BASE)
    expect(feed).toMatchObject({ title: 'Q&A English', description: 'Questions & answers; one a week', image: 'https://cdn.example.org/art.jpg?w=600&copy=1' })
    const [two, one] = feed.items
    expect(two).toMatchObject({
      title: 'Tom & Jerry talk; idioms & phrasal verbs',
      link: 'https://qa.example.org/ep?id=2&region=us&lang=en&copy=2',
      audio: 'https://cdn.example.org/qa2.mp3?token=abc&region=eu&not=1',
      // CDATA is literal: what the publisher wrote there is kept as written.
      description: '<p>Salt &amp; pepper, kept as written in CDATA</p>',
    })
    expect(one).toMatchObject({ title: 'R&D in five minutes', audio: 'https://cdn.example.org/qa1.mp3?a=1&b=2' })
    // Real references next to bare ones are still decoded.
    expect(one!.description).toBe('Café éclair \u00a0& more; AT&T ☺')
  })

  it('reads the complete episodes of a document cut off inside a CDATA section', () => {
    const feed = parseFeedDocument(wild('truncated-cdata.xml'), BASE)
    expect(feed.title).toBe('Cut Short Radio')
    expect(feed.items.map((i) => [i.guid, i.title])).toEqual([
      ['cs-2', 'Complete episode two'],
      ['cs-1', 'Complete episode one'],
    ])
    expect(feed.items[0]!.description).toBe('<p>Whole notes with </item> quoted in them</p>')
  })

  it('ignores a DOCTYPE with entity declarations: a reference stays as written, never replaced by its value', () => {
    const feed = parseFeedDocument(wild('entity-doctype.xml'), BASE)
    expect(feed.title).toBe('Declared Entities Hour')
    expect(feed.description).toBe('Spelled with &sponsor;')
    expect(feed.items).toHaveLength(1)
    expect(feed.items[0]).toMatchObject({ title: 'Episode &sponsor; one', audio: 'https://cdn.example.org/de1.mp3' })
    expect(JSON.stringify(feed)).not.toContain('Brought to you')
  })

  // Expanded, these entities are 10^12 characters: a parser that expanded them would never finish within the test's timeout.
  it('reads billion laughs harmlessly, its entities never expanded', () => {
    const levels = Array.from({ length: 12 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('\n')
    const doc = `<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY l0 "ha">\n${levels}\n]>\n<rss version="2.0"><channel><title>Laughs &l12;</title><item><guid>1</guid><title>&l12;&l12;</title></item></channel></rss>`
    const feed = parseFeedDocument(doc, BASE)
    expect(feed.title).toBe('Laughs &l12;')
    expect(feed.items[0]!.title).toBe('&l12;&l12;')
  }, 10_000)

  it('keeps RSS items with only a title or only an enclosure, each with an id that is the same on every read', () => {
    const doc = wild('minimal-rss.xml')
    const feed = parseFeedDocument(doc, BASE)
    // The empty <item></item> is dropped: nothing to show or play.
    expect(feed.items.map((i) => ({ title: i.title, audio: i.audio, pubDate: i.pubDate?.toISOString() ?? null }))).toEqual([
      { title: 'A title and nothing else', audio: null, pubDate: null },
      { title: 'Untitled episode', audio: 'https://cdn.example.org/bare-untitled.mp3', pubDate: null },
      { title: 'Title and enclosure, no link, no date, no guid', audio: 'https://cdn.example.org/bare-2.mp3', pubDate: null },
      { title: 'Dated but linkless', audio: null, pubDate: '2026-11-04T06:00:00.000Z' },
    ])
    const ids = feed.items.map((i) => i.guid)
    expect(new Set(ids).size).toBe(ids.length)
    // Without a guid, the enclosure is the id; without either, a hash of title and date.
    expect(ids[1]).toBe('https://cdn.example.org/bare-untitled.mp3')
    expect(ids[2]).toBe('https://cdn.example.org/bare-2.mp3')
    expect(ids[0]).toMatch(/^sha1:[0-9a-f]{40}$/)
    expect(parseFeedDocument(doc, BASE).items.map((i) => i.guid)).toEqual(ids)
    // Episodes added above the old ones do not change the old ones' ids.
    const grown = doc.replace('<item>', '<item><title>Newer</title></item><item>')
    expect(parseFeedDocument(grown, BASE).items.slice(1).map((i) => i.guid)).toEqual(ids)
  })

  it('keeps Atom entries without id, link or date', () => {
    const feed = parseFeedDocument(wild('minimal-atom.xml'), BASE)
    expect(feed.title).toBe('Sparse Atom')
    expect(feed.items.map((i) => [i.title, i.audio, i.guid])).toEqual([
      ['Only a title', null, expect.stringMatching(/^sha1:/)],
      ['An id and an enclosure', 'https://cdn.example.org/atom-1.m4a', 'urn:uuid:3f1c2d7e-0000-4000-8000-000000000001'],
      ['Untitled episode', 'https://cdn.example.org/atom-2.mp3', 'https://cdn.example.org/atom-2.mp3'],
    ])
  })

  it('tells apart untitled items that have no date, by their description', () => {
    const doc = `<rss version="2.0"><channel><title>T</title><item><description>first note</description></item><item><description>second note</description></item></channel></rss>`
    const [a, b] = parseFeedDocument(doc, BASE).items
    expect(a!.guid).not.toBe(b!.guid)
  })

  it('reads a podcast-namespace channel that also declares itunes, googleplay, content, atom, media and dc', () => {
    const feed = parseFeedDocument(wild('podcast-namespace.xml'), BASE)
    expect(feed).toMatchObject({
      title: 'Namespace Soup Weekly',
      description: 'Slow English about cooking, with every tag a podcast app knows.',
      image: 'https://soup.example.org/cover-rss.jpg',
      category: 'Education',
    })
    // The ended live item is a stream, not an episode; the trailer is not one either.
    expect(feed.items.map((i) => i.guid)).toEqual(['soup-ep-2', 'soup-ep-1'])
    expect(feed.items[0]).toMatchObject({
      title: 'Episode 2: Stock and broth',
      description: '<p>What is the <em>difference</em> between stock and broth?</p>',
      audio: 'https://cdn.soup.example.org/ep2.mp3',
      thumbnail: 'https://soup.example.org/ep2.jpg',
      durationSeconds: 1470,
      link: 'https://soup.example.org/2',
      // Of HTML, JSON and SRT, the timed format the aligner can use.
      transcript: { url: 'https://soup.example.org/ep2/captions.srt', type: 'application/srt' },
    })
    expect(feed.items[0]!.pubDate?.toISOString()).toBe('2026-10-30T09:00:00.000Z')
    expect(feed.items[1]).toMatchObject({ durationSeconds: 1230, transcript: { url: 'https://soup.example.org/ep1/transcript.vtt', type: 'text/vtt' } })
  })

  it('reads podcast: elements under the namespace address the first drafts used, and itunes:image as text', () => {
    const doc = wild('podcast-namespace.xml')
      .replace('https://podcastindex.org/namespace/1.0', 'https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md')
      .replace('<itunes:image href="https://soup.example.org/ep2.jpg"/>', '<itunes:image>https://soup.example.org/ep2-text.jpg</itunes:image>')
    const feed = parseFeedDocument(doc, BASE)
    expect(feed.items[0]).toMatchObject({ thumbnail: 'https://soup.example.org/ep2-text.jpg', transcript: { url: 'https://soup.example.org/ep2/captions.srt' } })
  })

  it('refuses a channel without a title, saying the title is missing, in RSS, Atom and JSON Feed', () => {
    expect(refusal(wild('no-title-rss.xml'))).toBe("The feed's channel has no title")
    expect(refusal(wild('no-title-atom.xml'))).toBe("The feed's channel has no title")
    expect(refusal('<rss version="2.0"><channel><title>  </title><item><title>x</title></item></channel></rss>')).toBe("The feed's channel has no title")
    expect(refusal(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: [{ id: 'j1', title: 'x' }] }))).toBe("The feed's channel has no title")
    // An iTunes title stands in for a missing RSS one.
    const itunes = wild('no-title-rss.xml').replace('<rss version="2.0">', '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">').replace('<link>', '<itunes:title>iTunes Named</itunes:title><link>')
    expect(parseFeedDocument(itunes, BASE)).toMatchObject({ title: 'iTunes Named', items: [{ title: 'Still an episode' }] })
  })

  it('refuses RSS or RDF items with no channel around them as having no channel', () => {
    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item rdf:about="https://r.example.org/1"><title>Loose item</title><link>https://r.example.org/1</link></item></rdf:RDF>`
    expect(refusal(rdf)).toBe('The feed has no channel element')
    // With its channel (and the channel's title) the same items are read, linkless and dateless ones too.
    const whole = rdf.replace('<item ', '<channel rdf:about="https://r.example.org/"><title>Loose Items</title><link>https://r.example.org/</link></channel><item ').replace('</rdf:RDF>', '<item rdf:about="urn:x:2"><title>No link, no date</title></item></rdf:RDF>')
    expect(parseFeedDocument(whole, BASE)).toMatchObject({
      title: 'Loose Items',
      items: [
        { title: 'Loose item', link: 'https://r.example.org/1', pubDate: null },
        { title: 'No link, no date', link: null, pubDate: null },
      ],
    })
  })

  it('says what is missing from a well-formed feed with nothing in it', () => {
    expect(refusal(wild('rss-without-channel.xml'))).toBe('The feed has no channel element')
    expect(refusal(wild('rdf-without-channel.xml'))).toBe('The feed has no channel element')
    expect(refusal(wild('empty-channel.xml'))).toBe('The feed has no title and no episodes')
    expect(refusal('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toBe('The feed has no title and no episodes')
  })

  it('still refuses empty documents, HTML pages and XML broken before any item, with the same texts', () => {
    for (const body of ['', '   \n', '\uFEFF', '<?xml version="1.0"?>']) expect(refusal(body)).toBe('This address is not an RSS or Atom feed')
    expect(refusal('<!DOCTYPE html><html><head><title>Q&A</title></head><body><p>Not a feed &amp; never was</p></body></html>')).toBe('This address is not an RSS or Atom feed')
    expect(refusal('<rss version="2.0"><channel><title>x</title><item><title>open</channel>')).toBe('The feed is not valid XML')
    expect(refusal('<rss version="2.0"><channel><title>T</title><description><![CDATA[cut before any item')).toBe('The feed is not valid XML')
  })

  it('leaves & in a JSON Feed as it is', () => {
    const json = JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: 'Q&A', items: [{ id: 'j1', title: 'Tom & Jerry', url: 'https://j.example.org/?a=1&b=2' }] })
    expect(parseFeedDocument(json, BASE)).toMatchObject({ title: 'Q&A', items: [{ title: 'Tom & Jerry', link: 'https://j.example.org/?a=1&b=2' }] })
  })
})
