/**
 * A character markdown gives a meaning to (CommonMark as react-markdown parses it, with no plugin: emphasis,
 * code, links and images, headings, quotes, HTML and entities, escapes), a line break, a space it would
 * trim, or a line start that makes a list item, a rule or a heading underline. Deliberately wide: a text
 * it matches is shown by react-markdown, as before; one it does not match reads the same as a paragraph.
 */
const MARKDOWN_SIGNS = /[\n\r\\`*_#[\]<>!&|~]|^\s|\s$|^(?:[-+=]|\d+[.)])/

/**
 * Whether `text` needs react-markdown to be shown as its author meant. Most cards ("estate", "land and
 * buildings owned by one family") do not, and a screen of such cards need not fetch and run its 32 KB of
 * code (a task of 45-60 ms on a phone while the deck or the review opens).
 */
export function needsMarkdown(text: string): boolean {
  return MARKDOWN_SIGNS.test(text)
}
