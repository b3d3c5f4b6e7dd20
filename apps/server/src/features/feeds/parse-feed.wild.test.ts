import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FEED_PARSE_MESSAGES, FeedParseError, parseFeedDocument } from './parse-feed'

/** Feeds as publishers write them (fixtures/wild/*.xml, written for these tests). */
const wild = (name: string) => readFileSync(new URL(`./fixtures/wild/${name}`, import.meta.url), 'utf8')
const BASE = 'https://feeds.example.net/show.xml'

/** Why a document is refused; `base` null reads it without an address. */
const refusal = (body: string, base: string | null = BASE) => {
  try {
    parseFeedDocument(body, base ?? undefined)
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

  describe('a feed cut off inside its last episode', () => {
    /** Show notes that quote `</item>` in CDATA, and an episode the publisher commented out: neither ends an item. */
    const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Cut Short Radio</title>
  <description><![CDATA[The <b>connection</b> dropped]]></description>
  <item>
    <title>Episode three &amp; more</title>
    <guid isPermaLink="false">cs-3</guid>
    <enclosure url="https://cdn.example.org/cs3.mp3?a=1&amp;b=2" type="audio/mpeg" length="100"/>
    <content:encoded><![CDATA[<p>How RSS works: an episode ends with </item> and a feed with </rss></p>]]></content:encoded>
  </item>
  <!-- withdrawn: <item><title>Gone</title><guid>cs-x</guid></item> -->
  <item>
    <title><![CDATA[Episode two: “quotes”]]></title>
    <guid>cs-2</guid>
    <enclosure url="https://cdn.example.org/cs2.mp3" type="audio/mpeg" length="100"/>
  </item>
  <item>
    <title>Episode one: the last that was written</title>
    <guid>cs-1</guid>
    <!-- moved from the old host; was </item> -->
    <enclosure url="https://cdn.example.org/cs1.mp3" type="audio/mpeg" length="100"/>
    <itunes:duration>12:34</itunes:duration>
    <description><![CDATA[<p>Long notes for the last episode, with <a href="https://x.example.org/?q=1&r=2">a link</a> & more.</p>]]></description>
  </item>
</channel>
</rss>
`
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Cut Short Atom</title>
  <id>urn:cut</id>
  <entry>
    <id>ca-2</id>
    <title>Entry two</title>
    <link rel="enclosure" href="https://cdn.example.org/ca2.mp3" type="audio/mpeg"/>
    <content type="html"><![CDATA[<p>Quoting </entry> in notes</p>]]></content>
  </entry>
  <entry>
    <id>ca-1</id>
    <title type="html">Entry one &amp; the last</title>
    <link rel="enclosure" href="https://cdn.example.org/ca1.mp3" type="audio/mpeg"/>
    <content type="html"><![CDATA[<p>Notes of the last entry</p>]]></content>
  </entry>
</feed>
`
    const ids = (doc: string) => parseFeedDocument(doc, BASE).items.map((i) => i.guid)
    /** Where each episode really ends (its closing tag on a line of its own), and its id. */
    const ends = (doc: string, tag: string, guids: string[]) => [...doc.matchAll(new RegExp(`\\n\\s*</${tag}>\\n`, 'g'))].map((m, i) => ({ at: m.index + m[0].length - 1, guid: guids[i]! }))

    it('gives the complete episodes however far into the last one the cut falls: its CDATA, an element, a tag, a comment', () => {
      for (const [doc, tag, guids] of [
        [rss, 'item', ['cs-3', 'cs-2', 'cs-1']],
        [atom, 'entry', ['ca-2', 'ca-1']],
      ] as const) {
        const episodes = ends(doc, tag, [...guids])
        expect(episodes).toHaveLength(guids.length)
        // From the end of the first episode to the last byte, each cut gives the episodes that ended before it.
        for (let cut = episodes[0]!.at; cut < doc.length; cut++) {
          const whole = episodes.filter((e) => e.at <= cut).map((e) => e.guid)
          expect(ids(doc.slice(0, cut)), `cut after ${JSON.stringify(doc.slice(cut - 24, cut))}`).toEqual(whole)
        }
      }
    })

    it('names the two cuts podcast hosts produce: inside the last CDATA section, inside the last element', () => {
      const cutAfter = (doc: string, text: string) => doc.slice(0, doc.lastIndexOf(text) + text.length)
      const inCdata = cutAfter(rss, '<![CDATA[<p>Long notes for the last ep')
      const inElement = cutAfter(rss, '<title>Episode one: the last that w')
      for (const doc of [inCdata, inElement]) {
        const feed = parseFeedDocument(doc, BASE)
        expect(feed.title).toBe('Cut Short Radio')
        expect(feed.items.map((i) => [i.guid, i.title, i.audio])).toEqual([
          ['cs-3', 'Episode three & more', 'https://cdn.example.org/cs3.mp3?a=1&b=2'],
          ['cs-2', 'Episode two: “quotes”', 'https://cdn.example.org/cs2.mp3'],
        ])
        expect(feed.items[0]!.description).toBe('<p>How RSS works: an episode ends with </item> and a feed with </rss></p>')
      }
      expect(ids(cutAfter(atom, '<content type="html"><![CDATA[<p>Notes of the la'))).toEqual(['ca-2'])
      expect(ids(cutAfter(atom, '<title type="html">Entry one &amp; the'))).toEqual(['ca-2'])
    })
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

  it('reads a channel without a title under the name podcast apps give it: iTunes names, the show its first episode names, the host', () => {
    const ITUNES = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"'
    const untitled = (channel: string, firstItem = '') =>
      `<rss version="2.0" ${ITUNES}><channel><link>https://www.untitled-show.example.org/</link>${channel}<item><guid>u-1</guid><title>Still an episode</title>${firstItem}</item><item><guid>u-0</guid><title>Older</title><source url="https://b.example.org/rss">Second Show</source></item></channel></rss>`
    const podcasts = 'https://podcasts.example.org/untitled.xml'
    const named = (doc: string, address = podcasts) => parseFeedDocument(doc, address).title
    const author = '<itunes:author>Jane Doe Media</itunes:author>'
    const owner = '<itunes:owner><itunes:name>Jane Doe</itunes:name><itunes:email>jane@example.org</itunes:email></itunes:owner>'
    const subtitle = '<itunes:subtitle>Slow English for busy people</itunes:subtitle>'
    const source = '<source url="https://a.example.org/rss">English in the Kitchen</source>'
    // Best first: itunes:author, then the owner's name, then the subtitle, then the first episode's show, then the host.
    expect(named(untitled(author + owner + subtitle, source))).toBe('Jane Doe Media')
    expect(named(untitled(owner + subtitle, source))).toBe('Jane Doe')
    expect(named(untitled(subtitle, source))).toBe('Slow English for busy people')
    expect(named(untitled('', source))).toBe('English in the Kitchen')
    expect(named(untitled(''))).toBe('Second Show')
    expect(named(wild('no-title-rss.xml'))).toBe('podcasts.example.org')
    expect(named('<rss version="2.0"><channel><title>  </title><item><title>x</title></item></channel></rss>')).toBe('podcasts.example.org')
    // The episodes are all there, whatever names the channel.
    expect(parseFeedDocument(wild('no-title-rss.xml'), podcasts).items.map((i) => i.title)).toEqual(['Still an episode'])
    // An iTunes title is a title.
    expect(named(untitled('<itunes:title>iTunes Named</itunes:title>' + author))).toBe('iTunes Named')
    // Atom: iTunes names, the feed's authors, then an entry's <source>; JSON Feed: its authors.
    expect(named(wild('no-title-atom.xml'))).toBe('podcasts.example.org')
    expect(named(wild('no-title-atom.xml').replace('<entry>', '<author><name>Nameless Radio Team</name></author><entry>'))).toBe('Nameless Radio Team')
    expect(named(wild('no-title-atom.xml').replace('</entry>', '<source><id>s</id><title>Origin Show</title></source></entry>'))).toBe('Origin Show')
    expect(named(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', authors: [{ name: 'Json Author' }], items: [{ id: 'j1', title: 'x' }] }))).toBe('Json Author')
    expect(named(JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', items: [{ id: 'j1', title: 'x' }] }), 'https://json.example.org/feed.json')).toBe('json.example.org')
    // A channel stored before keeps its title over any stand-in (a refresh).
    expect(parseFeedDocument(untitled(author), podcasts, { knownTitle: 'As It Was' }).title).toBe('As It Was')
    // The user's own address names it, not the one a redirect led to.
    expect(parseFeedDocument(wild('no-title-rss.xml'), 'https://cdn.example.net/x.xml', { address: podcasts }).title).toBe('podcasts.example.org')
    // Read without any address and with nothing else to go by, it is still refused, saying what is missing.
    expect(refusal(wild('no-title-rss.xml'), null)).toBe("The feed's channel has no title")
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
