import { renderRoute } from './render-route'

/**
 * The first frame of the screen at `pathname` (under the console's base) as
 * HTML: what React renders there before any data has come, made at build time
 * in Node (prerender-shells.ts) and sent inside index.html's #root by the
 * server, so a phone paints the screen's frame and texts from the page itself
 * instead of after ~180 KB of code (decision 0019). React then renders over
 * it (createRoot, not hydration: the markup only has to look the same).
 * `signedIn` renders the screens behind the sign-in as a learner sees them.
 * `withData` says the server renders that screen again per page, with the
 * learner's data (render-screen.tsx, decision 0021).
 */
export async function renderShell(pathname: string, signedIn: boolean): Promise<{ html: string; withData: boolean }> {
  const { html, withData } = await renderRoute(pathname, { signedIn })
  return { html, withData }
}
