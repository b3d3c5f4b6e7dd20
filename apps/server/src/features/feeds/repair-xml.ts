/**
 * Repairs for feeds as publishers actually write them, applied to the text
 * before the XML parser sees it. Each one is what feed readers (feedparser,
 * Miniflux, AntennaPod) tolerate; none of them expands an entity.
 */

/** The characters that change the state of a DOCTYPE scan; everything between them is skipped. */
const DOCTYPE_MARK = /["'[\]>]|<!--/g

/** What precedes the root element: blanks, the XML declaration, processing instructions, comments. */
const PROLOG_ITEM = /\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->/y

/** Where the prolog's blanks, declaration, processing instructions and comments end. */
function prologEnd(xml: string): number {
  let at = 0
  for (;;) {
    PROLOG_ITEM.lastIndex = at
    if (!PROLOG_ITEM.test(xml)) return at
    at = PROLOG_ITEM.lastIndex
  }
}

/**
 * Removes the document type declaration, internal subset included. Entity
 * declarations live there; dropping them means `&name;` is never replaced by
 * a declared value (billion laughs stays harmless), and a subset of megabytes
 * costs one linear scan. Only the prolog is looked at, so a `<!DOCTYPE html>`
 * quoted inside an episode's CDATA is left alone.
 */
export function dropDoctype(xml: string): string {
  const at = prologEnd(xml)
  if (xml.slice(at, at + 9).toUpperCase() !== '<!DOCTYPE') return xml
  // Quotes and comments may hold `]` or `>`; they do not end the declaration.
  let inSubset = false
  DOCTYPE_MARK.lastIndex = at + 9
  for (let m = DOCTYPE_MARK.exec(xml); m; m = DOCTYPE_MARK.exec(xml)) {
    const mark = m[0]
    if (mark === '"' || mark === "'" || mark === '<!--') {
      const close = xml.indexOf(mark === '<!--' ? '-->' : mark, m.index + mark.length)
      if (close === -1) break
      DOCTYPE_MARK.lastIndex = close + (mark === '<!--' ? 3 : 1)
    } else if (mark === '[') inSubset = true
    else if (mark === ']') inSubset = false
    else if (!inSubset) return xml.slice(0, at) + xml.slice(m.index + 1)
  }
  // A declaration that never ends leaves no document behind it.
  return xml.slice(0, at)
}

/** An `&` that does not start an entity or character reference (`Q&A`, `?a=1&b=2`). */
const BARE_AMP = /&(?![A-Za-z_][\w.-]*;|#[0-9]+;|#x[0-9A-Fa-f]+;)/g

/**
 * The CDATA sections and comments of a document in order (their `&` is
 * literal). Each kind keeps its own next position, so a document without
 * comments is searched for one once, not once per CDATA section.
 */
function verbatimSections(xml: string) {
  const kinds = [
    { open: '<![CDATA[', close: ']]>', next: -1 },
    { open: '<!--', close: '-->', next: -1 },
  ]
  for (const k of kinds) k.next = xml.indexOf(k.open)
  let current = { start: -1, end: -1 }
  /** The first section that ends at or after `at` (Infinity when there is none, or it never closes). Calls come in document order. */
  return (at: number): { start: number; end: number } => {
    while (current.end < at) {
      const live = kinds.filter((k) => k.next !== -1)
      if (live.length === 0) return (current = { start: Infinity, end: Infinity })
      const k = live.reduce((a, b) => (b.next < a.next ? b : a))
      const close = xml.indexOf(k.close, k.next + k.open.length)
      current = { start: k.next, end: close === -1 ? Infinity : close }
      if (close === -1) break
      // What opens inside this section is its text, not a section: look again after it.
      for (const other of kinds) if (other.next !== -1 && other.next < close) other.next = xml.indexOf(other.open, close + k.close.length)
    }
    return current
  }
}

/**
 * Escapes every bare `&` as `&amp;`, outside CDATA sections and comments.
 * Left bare, it is not only invalid XML: the HTML decoder that reads feed
 * text turns `&copy=2` into `©=2` and `&region=us` into `®ion=us` as soon as
 * a `;` follows, breaking links. Costs one regex pass when there is none.
 */
export function escapeBareAmpersands(xml: string): string {
  BARE_AMP.lastIndex = 0
  let match = BARE_AMP.exec(xml)
  if (!match) return xml
  const parts: string[] = []
  let copied = 0
  const sectionAt = verbatimSections(xml)
  for (; match; match = BARE_AMP.exec(xml)) {
    const at = match.index
    const verbatim = sectionAt(at)
    if (at > verbatim.start) {
      // Inside a CDATA section or a comment: go on after it.
      if (verbatim.end === Infinity) break
      BARE_AMP.lastIndex = verbatim.end
      continue
    }
    parts.push(xml.slice(copied, at), '&amp;')
    copied = at + 1
  }
  parts.push(xml.slice(copied))
  return parts.join('')
}

const ROOT = /<([A-Za-z_][\w:.-]*)/y
/** One start, end or empty tag at a `<`; it stops at the next `<`, so a stray one costs no rescan. */
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)[^<>]*?(\/?)>/y
/** What is skipped whole when counting open elements, by how it starts and ends. */
const SKIPPED: Array<[string, string]> = [
  ['<![CDATA[', ']]>'],
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<!', '>'],
]

/** The elements still open at the end of `xml`, outermost first. */
function openElements(xml: string, from: number): string[] {
  const open: string[] = []
  let i = xml.indexOf('<', from)
  scan: while (i !== -1) {
    for (const [start, end] of SKIPPED) {
      if (!xml.startsWith(start, i)) continue
      const close = xml.indexOf(end, i + start.length)
      if (close === -1) break scan
      i = xml.indexOf('<', close + end.length)
      continue scan
    }
    TAG.lastIndex = i
    const m = TAG.exec(xml)
    if (m && !m[3]) {
      if (!m[1]) open.push(m[2]!)
      else {
        const at = open.lastIndexOf(m[2]!)
        if (at !== -1) open.length = at
      }
    }
    i = xml.indexOf('<', m ? TAG.lastIndex : i + 1)
  }
  return open
}

const ITEM_END = /<\/(?:[\w.-]+:)?(?:item|entry)\s*>/g

/**
 * Where the last item or entry that is markup ends; -1 when there is none.
 * An `</item>` quoted in a CDATA section (show notes about RSS) or a comment
 * (an episode the publisher commented out) ends nothing: cutting there would
 * leave the section open and the whole document unreadable.
 */
function lastItemEnd(xml: string): number {
  const sectionAt = verbatimSections(xml)
  let end = -1
  ITEM_END.lastIndex = 0
  for (let m = ITEM_END.exec(xml); m; m = ITEM_END.exec(xml)) {
    const section = sectionAt(m.index)
    if (m.index > section.start) {
      // An unterminated section (the cut fell inside it) is text to the last byte.
      if (section.end === Infinity) break
      ITEM_END.lastIndex = section.end
      continue
    }
    end = m.index + m[0].length
  }
  return end
}

/**
 * A document cut off in transfer (a dropped connection, a publisher's
 * half-written file, an unterminated CDATA at the end): keeps everything up
 * to the last complete item or entry and closes the elements still open
 * there. A document that is whole, or has no complete item, is returned as it
 * is, and the parser says what is wrong with it.
 */
export function closeTruncated(xml: string): string {
  const at = prologEnd(xml)
  ROOT.lastIndex = at
  const root = ROOT.exec(xml)?.[1]
  if (!root) return xml
  const tail = xml.slice(Math.max(0, xml.length - 64 - root.length)).trimEnd()
  if (tail.endsWith(`</${root}>`)) return xml
  const end = lastItemEnd(xml)
  if (end === -1) return xml
  const head = xml.slice(0, end)
  return head + openElements(head, at).reverse().map((name) => `</${name}>`).join('')
}

/** All the repairs, in the order they depend on each other. */
export function repairFeedXml(xml: string): string {
  return escapeBareAmpersands(closeTruncated(dropDoctype(xml)))
}
