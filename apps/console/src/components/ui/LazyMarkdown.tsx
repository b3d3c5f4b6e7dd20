import { lazy, Suspense, type ComponentProps } from 'react'
import type ReactMarkdownComponent from 'react-markdown'

const load = () => import('react-markdown')
const ReactMarkdown = lazy(load)

/**
 * Starts fetching react-markdown (its own chunk, about 32 KB gzip with the
 * unified parsers), for a screen that may soon show markdown (a card's
 * answer, the tutor's replies): called once that screen has rendered.
 */
export function preloadMarkdown(): void {
  void load().catch(() => undefined)
}

/**
 * react-markdown, loaded the first time markdown is shown instead of with the
 * screens that may show it: the player and the review ran its ~120 KB of code
 * before their first paint on a phone, for text not yet on the screen. Until
 * it has come, the text shows as written.
 */
export function LazyMarkdown(props: ComponentProps<typeof ReactMarkdownComponent>) {
  return (
    <Suspense fallback={<span className="whitespace-pre-wrap">{props.children}</span>}>
      <ReactMarkdown {...props} />
    </Suspense>
  )
}
