import { minimal2023Preset } from '@vite-pwa/assets-generator/config'
import { VitePWA } from 'vite-plugin-pwa'
import { NAVIGATION_TIMEOUT_S, workerNavigations } from './src/app/worker-navigations.ts'
import { workerDownloadsGate } from './src/features/offline/worker-downloads-gate.ts'

/** The app's colour (the icon's background, Tailwind indigo-600): the phone's title bar and splash. */
const THEME_COLOR = '#4f46e5'
/** The page's background (Tailwind slate-50), shown while the installed app starts. */
const BACKGROUND_COLOR = '#f8fafc'

/**
 * The installable console (ARCHITECTURE.md s15, decision 0014), by vite-plugin-pwa:
 * - the web app manifest (manifest.webmanifest) with icons generated at build
 *   from public/favicon.svg by @vite-pwa/assets-generator (sharp; no network);
 * - a Workbox service worker (sw.js) that precaches the shell: index.html,
 *   every script and style chunk, the icons. Navigations inside /console/ go
 *   to the server first, so a returning learner gets the page it renders (the
 *   screen's frame, with data for the player and the review), and are answered
 *   with the cached index.html when the server is unreachable, failing or slow
 *   (src/app/worker-navigations.ts, decision 0030), so every screen opens
 *   offline. No other runtime caching: API answers, media and images go to the network as
 *   before (what a learner downloads is stored by the console itself,
 *   src/features/offline/). One route reads that store: the media proxy is
 *   answered from the downloads' Cache Storage when the episode is there, a
 *   Range request with the slice it asks for (workbox-range-requests), so a
 *   downloaded episode plays and seeks offline; anything else goes to the
 *   network and is not kept (decision 0016). A stored copy answers only while
 *   the account whose downloads the cache holds is signed in
 *   (src/features/offline/worker-downloads-gate.ts);
 * - `prompt`: a new version installs in the background and waits; the
 *   console says so and switches when the learner presses Reload
 *   (src/app/UpdatePrompt.tsx), never a silent half-updated page.
 */
export function installable() {
  return VitePWA({
    registerType: 'prompt',
    // Registered by src/app/UpdatePrompt.tsx through virtual:pwa-register/react.
    injectRegister: false,
    pwaAssets: {
      image: 'public/favicon.svg',
      // Favicon, 64/192/512, a maskable 512 and the Apple touch icon; the last two are drawn on the
      // app's colour, not white, since phones crop them to their own shape.
      preset: {
        ...minimal2023Preset,
        maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: THEME_COLOR } },
        apple: { ...minimal2023Preset.apple, resizeOptions: { background: THEME_COLOR } },
      },
      // The generated sizes become the manifest's icons and the page's <link rel="icon"> tags.
      overrideManifestIcons: true,
      includeHtmlHeadLinks: true,
      injectThemeColor: true,
    },
    manifest: {
      id: '/console/',
      name: 'Lingocast',
      short_name: 'Lingocast',
      description: 'Learn English from podcasts and videos',
      lang: 'en',
      start_url: '/console/',
      scope: '/console/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
      // Navigations are not answered from the precache (vite-plugin-pwa's default), nor is '/console/' (a
      // directory index): both go to the navigation route below, network first.
      navigateFallback: null,
      directoryIndex: '',
      // The server's answer starts while the worker itself starts (a returning visit's first hundred milliseconds).
      navigationPreload: true,
      // Old versions' files are removed once the new version takes over.
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ request }) => request.mode === 'navigate',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'lingocast-pages',
            networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
            plugins: [workerNavigations],
          },
        },
        {
          // The media proxy (PROXY_MEDIA_PATH of the contract; this pattern is copied into sw.js as text).
          urlPattern: /\/media-proxy\/proxy_media\?/,
          handler: 'CacheFirst',
          options: {
            // DOWNLOADS_CACHE of src/features/offline/media-cache.ts: only "Download for offline" writes it.
            cacheName: 'lingocast-downloads',
            rangeRequests: true,
            // The proxy may vary by Accept-Encoding; a media element's request must still find the stored copy.
            matchOptions: { ignoreVary: true },
            // Played without a download: straight from the network, never kept. Only the signed-in account's copies answer.
            plugins: [{ cacheWillUpdate: async () => null }, workerDownloadsGate],
          },
        },
      ],
    },
  })
}
