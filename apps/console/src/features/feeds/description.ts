import createDOMPurify, { type DOMPurify } from 'dompurify'
import { collapseWhitespace } from './text'

/**
 * RSS descriptions are the publisher's HTML: they pass through DOMPurify
 * before they are rendered (ARCHITECTURE s8). Nothing executable survives
 * (scripts, event handlers, javascript: links, forms, frames, styles), and no
 * image or media is kept, so rendering a description never makes the browser
 * fetch an address from the feed. Links open in a new tab with no access to this one.
 * A purifier of its own, so the hooks here never touch the player's.
 */
let purifier: DOMPurify | undefined

function purify(): DOMPurify {
  if (purifier) return purifier
  const p = createDOMPurify(window)
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer nofollow')
      } else {
        node.removeAttribute('target')
      }
    }
  })
  purifier = p
  return p
}

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'video', 'audio', 'img', 'picture', 'source', 'svg', 'math', 'link', 'meta'],
  // background: tables and cells load it as an image.
  FORBID_ATTR: ['style', 'class', 'id', 'srcset', 'background', 'poster'],
  ADD_ATTR: ['target'],
}

/** True when the text carries markup; plain text is shown as text, with its line breaks. */
export const looksLikeHtml = (text: string) => /<[a-z][^>]*>|&[a-z#0-9]+;/i.test(text)

/** The description as safe HTML. */
export function sanitizeFeedHtml(html: string): string {
  if (!html.trim()) return ''
  return purify().sanitize(html, CONFIG)
}

const BLOCKS = new Set(['P', 'DIV', 'BR', 'LI', 'UL', 'OL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR', 'TD', 'TH', 'TABLE', 'SECTION', 'ARTICLE', 'DT', 'DD'])

function textOf(node: Node, out: string[]) {
  if (node.nodeType === Node.TEXT_NODE) {
    out.push(node.nodeValue ?? '')
    return
  }
  const block = node.nodeType === Node.ELEMENT_NODE && BLOCKS.has((node as Element).tagName)
  if (block) out.push(' ')
  for (const child of Array.from(node.childNodes)) textOf(child, out)
  if (block) out.push(' ')
}

/** The words of a description, as one line: what is counted for the 200-character cut (spec 001 s9). */
export function descriptionText(html: string): string {
  if (!html.trim()) return ''
  if (!looksLikeHtml(html)) return collapseWhitespace(html)
  // Sanitised into an inert fragment first, so reading it runs nothing and loads nothing.
  const fragment = purify().sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true })
  const out: string[] = []
  textOf(fragment, out)
  return collapseWhitespace(out.join(''))
}

/**
 * Elements whose words the sanitised text does not have under CONFIG: those of
 * DOMPurify's default FORBID_CONTENTS that the html profile or FORBID_TAGS
 * removes (the profile keeps thead and colgroup, and their words), and template,
 * whose words are in its content, not its children.
 */
const DROPPED_WITH_WORDS = new Set(['ANNOTATION-XML', 'AUDIO', 'DESC', 'FOREIGNOBJECT', 'IFRAME', 'MATH', 'MI', 'MN', 'MO', 'MS', 'MTEXT', 'NOEMBED', 'NOFRAMES', 'NOSCRIPT', 'PLAINTEXT', 'SCRIPT', 'SELECTEDCONTENT', 'STYLE', 'SVG', 'TEMPLATE', 'TITLE', 'VIDEO', 'XMP'])

/**
 * Whether the description has words to show, as `descriptionText(html) !== ''`
 * says, without sanitising it: My Feed asks it of every row it draws, and
 * DOMPurify's walk of every node and attribute took most of a row's time on a
 * phone. The browser's inert parser (nothing runs, nothing loads) and a walk
 * that stops at the first word.
 */
export function hasDescriptionText(html: string): boolean {
  if (!html.trim()) return false
  if (!looksLikeHtml(html)) return true
  if (typeof DOMParser === 'undefined') return hasWordsInMarkup(html)
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const words = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
  for (let node = words.nextNode(); node; node = words.nextNode()) {
    if (!node.nodeValue?.trim()) continue
    let dropped = false
    for (let up = node.parentElement; up && up !== body && !dropped; up = up.parentElement) dropped = DROPPED_WITH_WORDS.has(up.tagName.toUpperCase())
    if (!dropped) return true
  }
  return false
}

const DROPPED_ELEMENTS = new RegExp(`<(${[...DROPPED_WITH_WORDS].join('|')})\\b[\\s\\S]*?</\\1\\s*>`, 'gi')

/**
 * The same question where there is no parser: the server's frame of My Feed
 * (decision 0038), which the console draws again at once. Comments, the
 * dropped elements and the tags are cut out of the markup, and what is left is
 * looked at for a word; a spaced entity is a space.
 */
export function hasWordsInMarkup(html: string): boolean {
  if (!looksLikeHtml(html)) return html.trim() !== ''
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(DROPPED_ELEMENTS, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:nbsp|ensp|emsp|thinsp);|&#(?:160|xa0);/gi, ' ')
  return text.trim() !== ''
}
