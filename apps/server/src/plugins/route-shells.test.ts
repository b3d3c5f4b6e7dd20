import { describe, expect, it } from 'vitest'
import { parseRouteShells, shellAt, withFirstData, withShell } from './route-shells'

const table = [
  { path: '/login', signedIn: false, html: '<main>login</main>', withData: false },
  { path: '/', signedIn: true, html: '<main>learning</main>', withData: false },
  { path: '/player/:mediaType/:id', signedIn: true, html: '<main>player</main>', withData: true },
]

describe("the screens' first frames", () => {
  it('picks the frame of the opened route, a signed-in one only with a session', () => {
    expect(shellAt(table, '/console/', '/console/player/audio/x1?t=3', true)?.html).toBe('<main>player</main>')
    expect(shellAt(table, '/console/', '/console/player/audio/x1', false)).toBeUndefined()
    expect(shellAt(table, '/console/', '/console/', true)?.html).toBe('<main>learning</main>')
    expect(shellAt(table, '/console/', '/console/login?token=x', false)?.html).toBe('<main>login</main>')
    expect(shellAt(table, '/console/', '/console/no/such/screen', true)).toBeUndefined()
    expect(shellAt(table, '/console/', '/elsewhere/', true)).toBeUndefined()
  })

  it("replaces only what is between index.html's markers, and leaves a page without them as it is", () => {
    const page = '<div id="root"><!--shell--><span>spinner</span><!--/shell--></div><p>after</p>'
    expect(withShell(page, '<main>x</main>')).toBe('<div id="root"><!--shell--><main>x</main><!--/shell--></div><p>after</p>')
    expect(withShell(page, undefined)).toBe(page)
    expect(withShell('<div id="root"></div>', '<main>x</main>')).toBe('<div id="root"></div>')
  })

  it('reads a table only of well-formed entries, and no table from anything else', () => {
    expect(parseRouteShells(JSON.stringify([...table, { path: '/x', html: 1 }, null]))).toEqual(table)
    expect(parseRouteShells('{"path":"/"}')).toEqual([])
    expect(parseRouteShells('not json')).toEqual([])
    // An older build's frames name no data: they are sent as they are.
    expect(parseRouteShells(JSON.stringify([{ path: '/', signedIn: true, html: '<main/>' }]))).toEqual([{ path: '/', signedIn: true, html: '<main/>', withData: false }])
  })

  it("puts a rendered screen's answers at the end of the page's body, for the console's cache", () => {
    expect(withFirstData('<body><div id="root"></div></body></html>', '{"queries":[]}')).toBe(
      '<body><div id="root"></div><script type="application/json" id="console-data">{"queries":[]}</script></body></html>',
    )
    expect(withFirstData('<p>no body</p>', '{}')).toBe('<p>no body</p>')
  })
})
