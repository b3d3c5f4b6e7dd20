import { ChevronDown, ChevronUp } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { descriptionText, hasDescriptionText, looksLikeHtml, sanitizeFeedHtml } from '../description'
import { FEEDS_TEXT } from '../messages'
import { truncateText } from '../text'

const HTML_CLASS =
  'break-words text-sm leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-indigo-500 [&_a:not([href])]:font-normal [&_a:not([href])]:text-inherit [&_a:not([href])]:no-underline [&_blockquote]:border-l-2 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:mt-3 [&_h1]:font-semibold [&_h2]:mt-3 [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5'

/** A description as the publisher wrote it, sanitised by DOMPurify (plain text keeps its line breaks). */
export function HtmlDescription({ html, id, className = '' }: { html: string; id?: string; className?: string }) {
  const clean = useMemo(() => (looksLikeHtml(html) ? sanitizeFeedHtml(html) : undefined), [html])
  if (clean === undefined) return <p id={id} className={`whitespace-pre-line break-words text-sm leading-relaxed text-slate-700 ${className}`}>{html.trim()}</p>
  return (
    <div
      id={id}
      data-testid="feed-description"
      className={`${HTML_CLASS} ${className}`}
      // Sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  )
}

const toggleClass =
  'mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500'

/**
 * Feed detail (spec 001 s2): the first 200 characters of the description's
 * text, and Show more for the whole description, Show less to cut it again.
 */
export function TruncatedDescription({ html, className = '' }: { html: string; className?: string }) {
  const text = useMemo(() => descriptionText(html), [html])
  const cut = useMemo(() => truncateText(text), [text])
  const [open, setOpen] = useState(false)
  const id = useId()
  if (!text) return null
  return (
    <div className={className}>
      {open || !cut.truncated ? <HtmlDescription id={id} html={html} /> : <p id={id} className="break-words text-sm leading-relaxed text-slate-600">{cut.text}</p>}
      {cut.truncated && (
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)} className={toggleClass}>
          {open ? FEEDS_TEXT.showLess : FEEDS_TEXT.showMore}
          {open ? <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" /> : <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />}
        </button>
      )}
    </div>
  )
}

/** My Feed (spec 001 s2): an expandable description, closed at first; the whole sanitised text when open. */
export function ExpandableDescription({ html, title }: { html: string; title: string }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const hasText = useMemo(() => hasDescriptionText(html), [html])
  if (!hasText) return null
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`${open ? 'Hide' : 'Show'} description of ${title}`}
        onClick={() => setOpen((o) => !o)}
        className={toggleClass}
      >
        {open ? 'Hide description' : 'Show description'}
        {open ? <ChevronUp className="h-3.5 w-3.5" aria-hidden="true" /> : <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />}
      </button>
      {open && <HtmlDescription id={id} html={html} className="mt-2 rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-100" />}
    </div>
  )
}
