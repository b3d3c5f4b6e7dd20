import DOMPurify from 'dompurify'

/**
 * The article Description is HTML from feeds and uploads: it is sanitised
 * before it is rendered (no scripts, event handlers, styles, forms, frames or
 * javascript: links). Links open in a new tab without access to this one;
 * images load lazily and send no referrer.
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
      node.setAttribute('loading', 'lazy')
      node.setAttribute('referrerpolicy', 'no-referrer')
    }
  })
}

export function sanitizeDescription(html: string): string {
  if (!html.trim()) return ''
  ensureHooks()
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'video', 'audio'],
    FORBID_ATTR: ['style', 'class', 'id'],
    ADD_ATTR: ['target'],
  })
}
