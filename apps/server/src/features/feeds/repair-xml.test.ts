import { describe, expect, it } from 'vitest'
import { closeTruncated, dropDoctype, escapeBareAmpersands, repairFeedXml } from './repair-xml'

describe('escapeBareAmpersands', () => {
  it('escapes an & that starts no reference, in text and attributes', () => {
    expect(escapeBareAmpersands('<t a="?x=1&y=2">Q&A &amp; R & D</t>')).toBe('<t a="?x=1&amp;y=2">Q&amp;A &amp; R &amp; D</t>')
  })

  it('leaves entity and character references as they are, known or not', () => {
    const refs = '<t>&amp;&lt;&#233;&#xE9;&nbsp;&foo;&a.b-c;</t>'
    expect(escapeBareAmpersands(refs)).toBe(refs)
  })

  it('treats an unterminated reference as bare: no semicolon, an empty name, a bad number', () => {
    expect(escapeBareAmpersands('<t>&copy=2 &; &#12a; &#x;</t>')).toBe('<t>&amp;copy=2 &amp;; &amp;#12a; &amp;#x;</t>')
  })

  it('does not touch CDATA sections or comments, where & is literal', () => {
    const doc = '<t><![CDATA[a & b &amp; c]]> & <!-- x & y --></t>'
    expect(escapeBareAmpersands(doc)).toBe('<t><![CDATA[a & b &amp; c]]> &amp; <!-- x & y --></t>')
    expect(escapeBareAmpersands('<a>&<![CDATA[&]]>&<!--&--><![CDATA[&&]]>&</a>')).toBe('<a>&amp;<![CDATA[&]]>&amp;<!--&--><![CDATA[&&]]>&amp;</a>')
    // An unterminated CDATA runs to the end: nothing in it is escaped.
    expect(escapeBareAmpersands('<a>&<![CDATA[& &')).toBe('<a>&amp;<![CDATA[& &')
  })

  it('returns a document without bare & unchanged (the same string)', () => {
    const doc = '<t>a &amp; b</t>'
    expect(escapeBareAmpersands(doc)).toBe(doc)
  })
})

describe('dropDoctype', () => {
  it('drops a DOCTYPE with an internal subset, keeping what comes before and after', () => {
    const doc = '<?xml version="1.0"?>\n<!-- c --><!DOCTYPE rss [<!ENTITY a "b">]><rss/>'
    expect(dropDoctype(doc)).toBe('<?xml version="1.0"?>\n<!-- c --><rss/>')
  })

  it('is not fooled by ] or > inside quoted values or comments of the subset', () => {
    const doc = `<!DOCTYPE rss [ <!ENTITY a "]> <rss>"> <!-- ]> --> <!ENTITY b '>'> ]><rss>ok</rss>`
    expect(dropDoctype(doc)).toBe('<rss>ok</rss>')
  })

  it('drops a DOCTYPE with a public identifier and no subset', () => {
    expect(dropDoctype('<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://x/rss-0.91.dtd"><rss/>')).toBe('<rss/>')
  })

  it('leaves a <!DOCTYPE html> quoted inside the document alone', () => {
    const doc = '<rss><channel><description><![CDATA[<!DOCTYPE html><p>x</p>]]></description></channel></rss>'
    expect(dropDoctype(doc)).toBe(doc)
  })

  it('removes a declaration that never ends, and the rest with it', () => {
    expect(dropDoctype('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "b">')).toBe('<?xml version="1.0"?>')
  })

  // A quadratic scan of these megabytes takes minutes: the test's own timeout catches it (speed itself is for bench/).
  it('scans a subset of megabytes without backtracking', () => {
    const huge = `<!DOCTYPE rss [${'<!ENTITY x "y">'.repeat(300_000)}]><rss/>`
    expect(dropDoctype(huge)).toBe('<rss/>')
  }, 15_000)
})

describe('closeTruncated', () => {
  it('keeps a whole document as it is', () => {
    const doc = '<rss><channel><item><title>a</title></item></channel></rss>\n'
    expect(closeTruncated(doc)).toBe(doc)
  })

  it('cuts after the last complete item and closes what is open there', () => {
    expect(closeTruncated('<rss version="2.0"><channel><title>T</title><item><title>a</title></item><item><title>b')).toBe(
      '<rss version="2.0"><channel><title>T</title><item><title>a</title></item></channel></rss>',
    )
  })

  it('cuts before an unterminated CDATA even when it quotes </item>', () => {
    const doc = '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id></entry><entry><content><![CDATA[a </entry> </item> b'
    expect(closeTruncated(doc)).toBe('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id></entry></feed>')
  })

  it('is not fooled by an </item> quoted in a closed CDATA section or a comment of the cut-off item', () => {
    const head = '<rss><channel><title>T</title><item><title>a</title></item>'
    for (const quoted of ['<description><![CDATA[notes: </item> ends an item]]></description>', '<!-- was </item> -->', '<!-- <item><title>gone</title></item> -->']) {
      expect(closeTruncated(`${head}<item>${quoted}<title>cut inside`)).toBe(`${head}</channel></rss>`)
    }
    // Between items, a commented-out episode is not an item end either; the real one before it is.
    expect(closeTruncated(`${head}<!-- <item><title>gone</title></item> --><item><title>b`)).toBe(`${head}</channel></rss>`)
  })

  it('keeps prefixed roots and self-closed elements straight', () => {
    const doc = '<rdf:RDF xmlns:rdf="r"><channel rdf:about="x"><title>R</title></channel><item rdf:about="1"><link>l</link><br/></item><item><title>cut'
    expect(closeTruncated(doc)).toBe('<rdf:RDF xmlns:rdf="r"><channel rdf:about="x"><title>R</title></channel><item rdf:about="1"><link>l</link><br/></item></rdf:RDF>')
  })

  it('leaves a document with no complete item for the parser to refuse', () => {
    for (const doc of ['<rss><channel><title>broken', '<rss version="2.0"><channel><title>x</title><item><title>open</channel>']) expect(closeTruncated(doc)).toBe(doc)
  })
})

describe('repairFeedXml', () => {
  it('repairs a hostile cut-off document of megabytes without backtracking', () => {
    // Tags that never close, quotes that never end and bare & by the hundred thousand, then a cut inside a CDATA.
    const junk = `<a <b "x & <c d='`.repeat(300_000)
    const doc = `<rss><channel><item><title>a</title></item><item>${junk}</item><item><![CDATA[`
    const repaired = repairFeedXml(doc)
    expect(repaired.endsWith('</item></channel></rss>')).toBe(true)
    expect(repaired.split('&amp;')).toHaveLength(300_001)
  }, 15_000)


  it('applies every repair to one document', () => {
    const doc = '<!DOCTYPE rss [<!ENTITY e "x">]><rss><channel><title>Q&A &e;</title><item><title>1</title></item><item><title>2 & <![CDATA[cut & '
    expect(repairFeedXml(doc)).toBe('<rss><channel><title>Q&amp;A &e;</title><item><title>1</title></item></channel></rss>')
  })
})
