/** The characters Windows-1252 puts at 0x80-0x9F that these feeds use; every other character is Latin-1 (its own byte). */
const CP1252: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 }

/** Text as Windows-1252 bytes. U+0081 and U+009D stand for the bytes the charset leaves undefined. */
export function windows1252(text: string): Buffer {
  return Buffer.from(text.replace(/[€’“”–]/g, (c) => String.fromCharCode(CP1252[c]!)), 'latin1')
}

export interface LegacyFeed {
  bytes: Buffer
  channelTitle: string
  /** The title of episode `i` (0 is the newest), as its publisher wrote it. */
  title(i: number): string
  /** The text every episode's description holds. */
  notes: string
  items: number
}

/**
 * An RSS podcast of about `size` bytes in Windows-1252 with no charset named
 * anywhere (no XML encoding, no charset in the Content-Type it is served
 * with), as old publishing tools write it: accents, typographic characters
 * and a few bytes Windows-1252 leaves undefined (0x81, 0x9D) in the notes.
 * Episode `i` is a day older than episode `i - 1`.
 */
export function legacyCharsetFeed(options: { size: number; items: number; mediaBase: string }): LegacyFeed {
  const channelTitle = 'Café crème – l’anglais en 5 € par jour'
  const title = (i: number) => `Épisode ${options.items - i} : “un café à 5 €” – l’été`
  const notes = 'Notes de l’épisode : café, crème brûlée, déjà vu – 5 € “le prix” \u0081 et \u009d. '
  const head = `<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n<title>${channelTitle}</title>\n<description>Leçons d’anglais</description>\n`
  const tail = '</channel>\n</rss>\n'
  const itemOverhead = 250
  const perItem = (options.size - head.length - tail.length) / options.items - itemOverhead
  const description = notes.repeat(Math.max(1, Math.floor(perItem / notes.length)))
  const day = Date.UTC(2026, 10, 1)
  const items = Array.from(
    { length: options.items },
    (_, i) => `<item>
<title>${title(i)}</title>
<guid isPermaLink="false">legacy-${i}</guid>
<pubDate>${new Date(day - i * 86_400_000).toUTCString()}</pubDate>
<enclosure url="${options.mediaBase}/legacy-${i}.mp3" type="audio/mpeg" length="1000"/>
<description>${description}</description>
</item>
`,
  )
  return { bytes: windows1252(head + items.join('') + tail), channelTitle, title, notes, items: options.items }
}
