import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { MSG, TOKEN_COOKIE, type ErrorBody } from '@lingocast/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { SignedInUser } from '../features/auth/auth.service'
import { parseRoutePreloads, preloadLinks, withPreloads } from './route-preloads'
import { parseRouteShells, shellAt, withFirstData, withShell } from './route-shells'
import { createScreenRenderer, SCREENS_WAITING } from './screen-renderer'

/**
 * Serves the built console under /console/ and falls back to its index.html
 * for HTML navigations only, so deep links work while unknown API paths
 * still answer a JSON 404. The index.html of a screen names that screen's
 * code (route-preloads.json of the build), so the browser fetches it beside
 * the main chunk.
 */
export const consoleStatic = fp<{ consoleDir: string; sessionOf: (token: string) => Promise<SignedInUser | undefined>; screensAtOnce: number; screenDataWaitMs?: number }>(
  async (app: FastifyInstance, { consoleDir, sessionOf, screensAtOnce, screenDataWaitMs }) => {
    const indexFile = path.join(consoleDir, 'index.html')
    const built = existsSync(indexFile)
    if (!built) app.log.warn(`No built console in ${consoleDir}: run \`npm run build\` (npm start does it for you).`)
    else {
      await app.register(fastifyStatic, {
        root: consoleDir,
        prefix: '/console/',
        wildcard: true,
        index: false,
        // The build writes a .br and a .gz beside each asset (apps/console/vite.config.ts): sent as the browser asks, the file itself otherwise.
        preCompressed: true,
        // setHeaders below decides; the plugin's default would override it with max-age=0.
        cacheControl: false,
        setHeaders(res, filePath) {
          // Which of the three files is sent depends on Accept-Encoding: a cache must keep them apart.
          res.setHeader('vary', 'Accept-Encoding')
          // Vite puts a content hash in asset names, so they never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable')
          else res.setHeader('cache-control', 'no-cache')
        },
      })
    }

    app.get('/', (_req, reply) => reply.redirect('/console', 302))
    app.get('/console', (_req, reply) => reply.redirect('/console/', 302))

    // The page and its two tables, asked for on every navigation: read again only when a rebuild while
    // the server runs has written them anew, so the page is served as built.
    const indexPage = whenChanged(indexFile, (text) => text, '')
    const preloadTable = whenChanged(path.join(consoleDir, 'route-preloads.json'), parseRoutePreloads, [])
    const shellTable = whenChanged(path.join(consoleDir, 'route-shells.json'), parseRouteShells, [])
    // The build puts it beside the console's files (apps/console/prerender-shells.ts), so they never serve or cache it.
    const renderScreen = createScreenRenderer(app, path.join(path.dirname(consoleDir), 'dist-ssr', 'render-screen.js'), app.log, {
      atOnce: screensAtOnce,
      waiting: SCREENS_WAITING,
      ...(screenDataWaitMs === undefined ? {} : { dataWaitMs: screenDataWaitMs }),
    })
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!built) return reply.status(503).type('text/plain').send('The console is not built. Run `npm run build` and restart.')
      reply.header('cache-control', 'no-cache')
      const [page, preloads, shells] = await Promise.all([indexPage(), preloadTable(), shellTable()])
      const links = preloadLinks(preloads, '/console/', request.url)
      const token = request.cookies?.[TOKEN_COOKIE]
      const shell = shellAt(shells, '/console/', request.url, Boolean(token))
      // A signed-in learner's other screens: the next page may be one rendered with data, whose render should not wait for its thread to start.
      if (token && !shell?.withData) renderScreen.warm()
      if (!links && shell === undefined) return reply.sendFile('index.html', consoleDir)
      // The page differs by the session cookie (a screen's frame is sent only with one): a shared cache must keep them apart.
      reply.header('vary', 'Cookie')
      const withLinks = withPreloads(page, links)
      // The player, the review and My Feed paint their largest element with data: that screen comes rendered with the learner's (decisions 0021, 0038).
      const user = shell?.withData && token ? await sessionOf(token) : undefined
      const rendered = user && token ? await renderScreen.render(request, { token, user }) : undefined
      if (!rendered) return reply.type('text/html; charset=utf-8').send(withShell(withLinks, shell?.html))
      // The learner's own data: kept by no cache but the browser's, and checked again on each use.
      reply.header('cache-control', 'private, no-cache')
      return reply.type('text/html; charset=utf-8').send(withFirstData(withShell(withLinks, rendered.html), rendered.state))
    }

    app.get('/console/', (request, reply) => sendIndex(request, reply))
    // Browsers and crawlers ask the site's root for its icon whatever the page names (a 404 there is an error in the console).
    const favicon = built && existsSync(path.join(consoleDir, 'favicon.ico'))
    app.get('/favicon.ico', (_req, reply) =>
      favicon
        ? reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.ico', consoleDir)
        : reply.status(404).send({ success: false, msg: MSG.notFound } satisfies ErrorBody),
    )

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html')
      const isConsolePath = request.url === '/console' || request.url.startsWith('/console/')
      // A missing file (sw.js, the manifest, an icon) is a 404, never the page: a browser checking
      // for a new service worker must not be handed index.html as its script.
      const isFile = /\/[^/]+\.[a-z0-9]+$/i.test(request.url.split('?')[0]!) || request.headers['service-worker'] !== undefined
      if ((request.method === 'GET' || request.method === 'HEAD') && wantsHtml && isConsolePath && !isFile) return sendIndex(request, reply)
      const body: ErrorBody = { success: false, msg: MSG.notFound }
      return reply.status(404).send(body)
    })
  },
  { name: 'console-static' },
)

/**
 * A file of the build parsed once per version: `read()` stats it and reads and
 * parses it again only when its modification time or size changed; `missing`
 * while there is no such file.
 */
function whenChanged<T>(file: string, parse: (text: string) => T, missing: T): () => Promise<T> {
  let kept: { version: string; value: T } | undefined
  return async () => {
    const version = await stat(file).then(
      (s) => `${s.mtimeMs}:${s.size}`,
      () => undefined,
    )
    if (version === undefined) return missing
    if (kept?.version !== version) kept = { version, value: parse(await readFile(file, 'utf8')) }
    return kept.value
  }
}
