import { describe, expect, it } from 'vitest'
import { isTypingTarget, shortcutFor } from './shortcuts'

const el = (tagName: string, opts: { editable?: boolean; inside?: string } = {}) => ({
  tagName,
  isContentEditable: opts.editable ?? false,
  closest: (selector: string) => (opts.inside && selector.includes(opts.inside) ? {} : null),
})
const body = el('BODY')

describe('player shortcuts', () => {
  it.each([
    [' ', 'toggle'],
    ['ArrowLeft', 'previous'],
    ['ArrowRight', 'next'],
    ['r', 'replay'],
    ['R', 'replay'],
    ['l', 'lookup'],
    ['L', 'lookup'],
    ['s', 'shadow'],
    ['S', 'shadow'],
    ['ArrowUp', undefined],
    ['x', undefined],
  ])('%j -> %s', (key, out) => {
    expect(shortcutFor({ key, target: body })).toBe(out)
  })

  it('works with the focus on a button (a clicked word)', () => {
    expect(shortcutFor({ key: ' ', target: el('BUTTON') })).toBe('toggle')
  })

  it('is ignored while typing in an input, a text area or editable text', () => {
    expect(shortcutFor({ key: ' ', target: el('INPUT') })).toBeUndefined()
    expect(shortcutFor({ key: 'r', target: el('textarea') })).toBeUndefined()
    expect(shortcutFor({ key: 'ArrowLeft', target: el('DIV', { editable: true }) })).toBeUndefined()
    expect(isTypingTarget(el('SELECT'))).toBe(true)
    expect(isTypingTarget(null)).toBe(false)
  })

  it('leaves keys to focused widgets and to modified or handled presses', () => {
    expect(shortcutFor({ key: ' ', target: el('BUTTON', { inside: '[role="menu"]' }) })).toBeUndefined()
    expect(shortcutFor({ key: 'ArrowLeft', target: el('BUTTON', { inside: '[role="tablist"]' }) })).toBeUndefined()
    expect(shortcutFor({ key: ' ', target: el('DIV', { inside: '[role="slider"]' }) })).toBe('toggle')
    expect(shortcutFor({ key: 'r', ctrlKey: true, target: body })).toBeUndefined()
    expect(shortcutFor({ key: 'r', metaKey: true, target: body })).toBeUndefined()
    expect(shortcutFor({ key: ' ', defaultPrevented: true, target: body })).toBeUndefined()
    expect(shortcutFor({ key: 'r', repeat: true, target: body })).toBeUndefined()
  })
})
