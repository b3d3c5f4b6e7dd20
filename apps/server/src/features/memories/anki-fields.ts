import { createHash } from 'node:crypto'
import { decodeHTML } from 'entities'
import { markdownToHtml, textToHtml } from '@lingocast/contract/anki-html'

/**
 * Anki note fields are HTML, shown in a web view. These turn a card's texts
 * into fields (and back, for Anki's plain-text exports), and compute the two
 * columns Anki derives from a note's fields.
 */

/** Shared with the console's Send to Anki, which writes the same fields. */
export { markdownToHtml, textToHtml }

/*
 * Anki's rules (rslib/src/text.rs and notes/mod.rs; anki/utils.py before 2.1.28):
 * - strip_html_preserving_media_filenames: the src of <img>, <audio>, <video>
 *   and the data of <object> are put in place of their tag, padded with a
 *   space each side; then comments, <style> and <script> elements (with their
 *   content) and every other tag are removed; then entities are decoded and
 *   no-break spaces (U+00A0) become plain spaces. Nothing is trimmed.
 * - notes.sfld is the sort field (our note type sorts by field 0) stripped so.
 * - notes.csum is the first field stripped so, hashed with SHA-1 over its
 *   UTF-8 bytes, and the first 4 bytes (8 hex digits) read as an unsigned
 *   big-endian integer. Anki finds duplicates by csum, then compares sfld.
 */
const MEDIA_TAG = /<\b(?:img|audio|video|object)\b(?:[^>"']|"[^"]*?"|'[^']*?')*?\b(?:src|data)\b=(?:"([^"]+?)"|'([^']+?)'|([^ >]+?))[^>]*>/gis
const HTML_PARTS = /<!--.*?-->|<style.*?>.*?<\/style>|<script.*?>.*?<\/script>|<.*?>/gis

export function stripHtmlPreservingMediaFilenames(html: string): string {
  const withoutMedia = html.replace(MEDIA_TAG, (_m, dq?: string, sq?: string, bare?: string) => ` ${dq ?? sq ?? bare ?? ''} `)
  const withoutTags = withoutMedia.replace(HTML_PARTS, '')
  return withoutTags.includes('&') ? decodeHTML(withoutTags).replace(/\u00a0/g, ' ') : withoutTags
}

export function fieldChecksum(html: string): number {
  return createHash('sha1').update(stripHtmlPreservingMediaFilenames(html), 'utf8').digest().readUInt32BE(0)
}

/**
 * A field of an Anki plain-text export (`#html:true`) as a card's text:
 * line breaks where Anki's editor makes them (<br>, the edges of a <div>,
 * <p> or list item), other tags removed, entities decoded, no-break spaces
 * made plain. Media tags keep their file name, as in Anki's own stripping.
 */
export function htmlToText(html: string): string {
  return stripHtmlPreservingMediaFilenames(
    html
      // Whitespace in HTML source is one space; only tags and &nbsp; make more.
      .replace(/\s+/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      // Anki's editor writes "one<div>two</div>": each run of block edges is one line break.
      .replace(/(?:<\/?(?:div|p|li|h[1-6])\b[^>]*>)+/gi, '\n'),
  )
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
