import { options, type VNode } from 'preact'
import { createRoot, hydrateRoot } from 'preact/compat/client'

/**
 * What the browser's build gets for 'react-dom/client' (preact-aliases.ts, decision 0029): preact/compat's
 * createRoot, plus React's `autoFocus`. React focuses such a control when it mounts; Preact only writes the
 * attribute, which a browser honours at page load and in showModal(), not for an inline editor that opens
 * later (a word's hint, a playlist's title) or a control that comes into an open dialog.
 */
const mounted = new WeakSet<Element>()
let pending: HTMLElement[] = []

const previous = options.diffed
options.diffed = (vnode: VNode) => {
  previous?.(vnode)
  if (typeof vnode.type !== 'string' || !(vnode.props as { autoFocus?: unknown }).autoFocus) return
  // @ts-expect-error: the rendered element, `_dom` in Preact's source, mangled to `__e` in its build.
  const dom = vnode.__e as HTMLElement | null
  if (!dom || mounted.has(dom)) return
  mounted.add(dom)
  // After the whole render is in the document (a new subtree is attached after its children are made).
  if (pending.push(dom) === 1) {
    queueMicrotask(() => {
      const elements = pending
      pending = []
      for (const element of elements) if (element.isConnected) element.focus()
    })
  }
}

export { createRoot, hydrateRoot }
