import path from 'node:path'
import type { Plugin } from 'vite'
import { addWithImports, CONSOLE_START_STAGE } from './chunk-graph.ts'

/** What the build writes beside index.html: for each route of the router, the script files its screen needs. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

export interface RoutePreload {
  /** The route's path under the router's basename (`/player/:mediaType/:id`; the index route is `/`). */
  path: string
  /** Files under the console's base (`assets/PlayerScreen-x.js`) that index.html does not load already. */
  files: string[]
}

interface EstreeNode {
  type: string
  [key: string]: unknown
}

const isNode = (value: unknown): value is EstreeNode => typeof value === 'object' && value !== null && typeof (value as EstreeNode).type === 'string'

/** Every node of an ESTree, depth first. */
function* walk(node: unknown): Generator<EstreeNode> {
  if (Array.isArray(node)) for (const child of node) yield* walk(child)
  else if (isNode(node)) {
    yield node
    for (const [key, value] of Object.entries(node)) if (key !== 'type') yield* walk(value)
  }
}

/** The route objects of the router: `{ path: '...', lazy: ... import('x') }` or `{ index: true, lazy: ... }`, as path -> import specifier. */
function lazyRoutes(ast: unknown): Array<{ path: string; specifier: string }> {
  const routes: Array<{ path: string; specifier: string }> = []
  for (const node of walk(ast)) {
    if (node.type !== 'ObjectExpression') continue
    const props = (node.properties as EstreeNode[]).filter((p) => p.type === 'Property')
    const prop = (name: string) => props.find((p) => isNode(p.key) && (p.key.name === name || p.key.value === name))?.value as EstreeNode | undefined
    const lazy = prop('lazy')
    if (!lazy) continue
    const imported = [...walk(lazy)].find((n) => n.type === 'ImportExpression')
    const source = imported?.source as EstreeNode | undefined
    const routePath = prop('path')
    const index = prop('index')
    const where = routePath?.type === 'Literal' ? String(routePath.value) : index?.type === 'Literal' && index.value === true ? '/' : undefined
    if (where && source?.type === 'Literal' && !where.includes('*')) routes.push({ path: where, specifier: String(source.value) })
  }
  return routes
}

/**
 * Writes route-preloads.json: the server puts a `<link rel="modulepreload">`
 * for each of the opened route's files into the index.html it sends
 * (apps/server/src/plugins/console-static.ts), so a phone fetches the
 * screen's code beside the main chunk instead of after the main chunk has
 * run and the router has asked for it (one round trip and a download fewer
 * on the way to the first screen). The routes are read from the router
 * itself (`routerFile`), so the table has one source.
 */
export function routePreloads(routerFile: string): Plugin {
  const routerId = path.resolve(routerFile)
  const screens: Array<{ path: string; id: string }> = []
  return {
    name: 'lingocast:route-preloads',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (id !== routerId) return null
      screens.length = 0
      for (const route of lazyRoutes(this.parse(code))) {
        const resolved = await this.resolve(route.specifier, id)
        if (!resolved) this.error(`route ${route.path}: cannot resolve ${route.specifier}`)
        screens.push({ path: route.path, id: resolved.id })
      }
      if (screens.length === 0) this.error(`no lazy route found in ${routerFile}`)
      return null
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
      // What index.html loads already (its entries and their static imports): never listed twice.
      const loaded = new Set<string>()
      // The console's start stages are in index.html's template too (early-entry.ts).
      for (const entry of chunks.filter((c) => c.isEntry || (c.facadeModuleId && CONSOLE_START_STAGE.test(c.facadeModuleId)))) addWithImports(chunks, entry.fileName, loaded)
      const table: RoutePreload[] = screens.map(({ path: routePath, id }) => {
        const chunk = chunks.find((c) => c.facadeModuleId === id)
        if (!chunk) this.error(`route ${routePath}: no chunk for ${id}`)
        const files = new Set<string>()
        addWithImports(chunks, chunk.fileName, files)
        return { path: routePath, files: [...files].filter((f) => !loaded.has(f)) }
      })
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table, null, 1) })
    },
  }
}
