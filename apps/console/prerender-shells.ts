import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { build, createServer, type Plugin } from 'vite'
import { answerShapes } from './answer-shapes.ts'
import { ROUTE_PRELOADS_FILE, type RoutePreload } from './route-preloads.ts'

/** What the build writes beside index.html: for each screen, its first frame as HTML (decision 0019). */
export const ROUTE_SHELLS_FILE = 'route-shells.json'

export interface RouteShell {
  /** The route's path under the router's basename, as in route-preloads.json. */
  path: string
  /** Whether the screen is behind the sign-in (the server sends its frame only to a visitor with a session cookie). */
  signedIn: boolean
  html: string
  /** Whether the server renders the screen again per page with the learner's data (dist-ssr/render-screen.js, decision 0021). */
  withData: boolean
}

/** Where the build puts the server's renderer of screens with data: beside the console's files, not among them (not served, not cached by the service worker). */
export const SCREEN_RENDERER_DIR = 'dist-ssr'

/** The query a screen needs to show its frame at all (the review screen sends a visit without a deck elsewhere). */
const SAMPLE_QUERY: Record<string, string> = { '/memories/review': '?deck_id=1' }

/** A URL that matches the route, its parameters filled with a value no screen shows before its data comes. */
const samplePath = (routePath: string) => routePath.replace(/:[^/]+/g, '1') + (SAMPLE_QUERY[routePath] ?? '')

/**
 * After the build, renders each route of route-preloads.json (the router's
 * screens) with `entry`'s `renderShell` in Node, through a Vite SSR server
 * over the same sources, and writes route-shells.json. A screen that cannot
 * render in Node fails the build: its frame would silently fall back to a
 * spinner otherwise. Then bundles `screenRenderer` for Node into dist-ssr/,
 * the server's renderer of screens with data (decision 0021).
 */
export function prerenderShells(entry: string, screenRenderer: string): Plugin {
  let root = '.'
  let outDir = 'dist'
  return {
    name: 'lingocast:prerender-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const table = JSON.parse(await readFile(path.join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreload[]
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        plugins: [react(), answerShapes()],
      })
      try {
        const { renderShell } = (await server.ssrLoadModule(entry)) as { renderShell: (pathname: string, signedIn: boolean) => Promise<{ html: string; withData: boolean }> }
        const shells: RouteShell[] = []
        for (const route of table) {
          // The login is the one screen outside RequireAuth in routes.tsx (the other routes outside it only redirect).
          const signedIn = route.path !== '/login'
          shells.push({ path: route.path, signedIn, ...(await renderShell(`/console${samplePath(route.path)}`, signedIn)) })
        }
        await writeFile(path.join(outDir, ROUTE_SHELLS_FILE), JSON.stringify(shells))
      } finally {
        await server.close()
      }
      // The same sources bundled for Node, dependencies included, so the server needs none of the console's packages.
      await build({
        configFile: false,
        root,
        logLevel: 'error',
        plugins: [react(), answerShapes()],
        ssr: { noExternal: true },
        // React's production build: the bundle reads no environment when the server runs it.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: screenRenderer, outDir: path.resolve(outDir, '..', SCREEN_RENDERER_DIR), emptyOutDir: true, copyPublicDir: false, minify: false },
      })
    },
  }
}
