import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LazyMarkdown } from './LazyMarkdown'

const render = (props: Parameters<typeof LazyMarkdown>[0]) => renderToStaticMarkup(createElement(LazyMarkdown, props))

describe('LazyMarkdown', () => {
  it('shows a text with no markdown as the paragraph react-markdown makes of it, without waiting for its code', () => {
    expect(render({ children: 'land and buildings owned by one family' })).toBe('<p>land and buildings owned by one family</p>')
    expect(render({ children: 'estate', disallowedElements: ['img'] })).toBe('<p>estate</p>')
    expect(render({ children: '' })).toBe('')
  })

  it("uses the caller's own paragraph component", () => {
    const inline = ({ children }: { children?: ReactNode }) => createElement('span', null, children, ' ')
    expect(render({ children: 'estate', components: { p: inline } })).toBe('<span>estate </span>')
  })

  it('keeps markdown for react-markdown: shown as written until its code has come', () => {
    expect(render({ children: '**estate**' })).toBe('<span class="whitespace-pre-wrap">**estate**</span>')
    expect(render({ children: 'estate', remarkPlugins: [] })).toBe('<span class="whitespace-pre-wrap">estate</span>')
  })
})
