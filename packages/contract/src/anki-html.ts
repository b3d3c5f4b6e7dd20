import { Marked, type Tokens } from 'marked'

/**
 * A card's texts as Anki note fields, which are HTML shown in a web view: the
 * server's .apkg export and the console's Send to Anki (AnkiConnect) write the
 * same fields. Not exported from the package's index: `marked` would then
 * ride along in every console chunk; import '@lingocast/contract/anki-html'.
 */

export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Plain text (a front word, a source sentence) as a field: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>')
}

const SAFE_HREF = /^(https?:|mailto:)/i

/**
 * Markdown as the console renders it (react-markdown: CommonMark + GFM, raw
 * HTML not rendered, images dropped). Raw HTML in the learner's text becomes
 * visible text, so nothing in a card runs in Anki; only http(s) and mailto
 * links stay links; images are dropped so a card never fetches an address.
 */
const markdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    image: () => '',
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens)
      if (!SAFE_HREF.test(href)) return inner
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`
    },
  },
})

/** A cue as the HTML Anki shows; one paragraph is unwrapped, as Anki's editor writes fields without <p>. */
export function markdownToHtml(text: string): string {
  const html = (markdown.parse(text, { async: false }) as string).trim()
  const single = /^<p>([\s\S]*)<\/p>$/.exec(html)
  return single && !single[1]!.includes('<p>') ? single[1]! : html
}
