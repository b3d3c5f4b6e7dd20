import { createElement, useEffect, useSyncExternalStore, type ComponentProps, type ElementType } from 'react'
import type ReactMarkdownComponent from 'react-markdown'
import { needsMarkdown } from './markdown-signs'

type ReactMarkdown = typeof ReactMarkdownComponent

let loaded: ReactMarkdown | undefined
let loading: Promise<void> | undefined
const listeners = new Set<() => void>()

function load(): Promise<void> {
  loading ??= import('react-markdown').then(
    (module) => {
      loaded = module.default
      for (const listener of listeners) listener()
    },
    // No network and no service worker yet: the text stays as written, and the next markdown shown tries again.
    () => void (loading = undefined),
  )
  return loading
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/**
 * Starts fetching react-markdown (its own chunk, about 32 KB gzip with the
 * unified parsers), for a screen that may soon show markdown (a card's
 * answer, the tutor's replies): called once that screen has rendered.
 */
export function preloadMarkdown(): void {
  void load()
}

/** preloadMarkdown, for a screen whose texts these are: only when one of them needs markdown at all. */
export function preloadMarkdownFor(texts: Iterable<string>): void {
  for (const text of texts) if (needsMarkdown(text)) return preloadMarkdown()
}

/** The text as written: while react-markdown loads, or if it cannot. */
function AsWritten({ children }: { children?: string | null }) {
  return <span className="whitespace-pre-wrap">{children}</span>
}

/**
 * react-markdown, loaded the first time markdown is shown instead of with the
 * screens that may show it: the player and the review ran its ~120 KB of code
 * before their first paint on a phone, for text not yet on the screen. Until
 * it has come, the text shows as written. Not React.lazy: its Suspense keeps a
 * fallback up for a moment even when the code is already there, and a reply
 * would show its markdown signs each time.
 */
export function LazyMarkdown(props: ComponentProps<ReactMarkdown>) {
  const plain = isPlainParagraph(props)
  const Markdown = useSyncExternalStore(subscribe, () => loaded, () => loaded)
  useEffect(() => {
    if (!Markdown && !plain) void load()
  }, [Markdown, plain])
  // What react-markdown makes of a text with no markdown in it: one paragraph (through the caller's own
  // paragraph component, if it gives one), or nothing for an empty text. No need to fetch it for that.
  if (plain) return props.children ? createElement((props.components?.p ?? 'p') as ElementType, null, props.children) : null
  return Markdown ? <Markdown {...props} /> : <AsWritten>{props.children}</AsWritten>
}

/**
 * A text react-markdown would show as one plain paragraph: no markdown in it, and no option that could
 * change that (a plugin, an allow-list, a `p` not allowed). Components for other elements do not matter.
 */
function isPlainParagraph({ children, components: _components, disallowedElements, ...options }: ComponentProps<ReactMarkdown>): boolean {
  const set = Object.values(options).filter((value) => value !== undefined)
  return typeof children === 'string' && !needsMarkdown(children) && set.length === 0 && !disallowedElements?.includes('p')
}
