import DOMPurify from 'dompurify'
import { descriptionImageUrl } from '../../lib/thumbnail'

/**
 * The article Description is HTML from feeds and uploads: it is sanitised
 * before it is rendered (no scripts, event handlers, styles, forms, frames or
 * javascript: links). Links open in a new tab without access to this one.
 * Images are the publisher's addresses, so each viewer's browser would
 * report to the publisher (a tracking pixel): an image is kept only through
 * the server's image proxy, and every other way HTML can load a picture
 * (srcset, <source>, background attributes, style) is removed. The CSP's
 * img-src 'self' backs this up.
 */
let hooked = false

function ensureHooks() {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer nofollow')
    }
    if (node.tagName === 'IMG') {
      const src = descriptionImageUrl(node.getAttribute('src'))
      if (!src) {
        node.remove()
        return
      }
      node.setAttribute('src', src)
      node.setAttribute('loading', 'lazy')
      node.setAttribute('referrerpolicy', 'no-referrer')
    }
  })
}

export function sanitizeDescription(html: string): string {
  // No DOM to sanitise with (the server's render of the player, decision 0021): nothing, until the browser renders it.
  if (!html.trim() || !DOMPurify.isSupported) return ''
  ensureHooks()
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'video', 'audio', 'source', 'track', 'link', 'meta'],
    // srcset would pick a remote candidate past the rewritten src; background is an image attribute of tables and cells.
    FORBID_ATTR: ['style', 'class', 'id', 'srcset', 'sizes', 'background', 'poster'],
    ADD_ATTR: ['target'],
  })
}
