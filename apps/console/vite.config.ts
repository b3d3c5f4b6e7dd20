import tailwindcss from '@tailwindcss/vite'
import transformImports from '@rolldown/plugin-transform-imports'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { answerShapes } from './answer-shapes.ts'
import { loadedFirst, preloadsOf } from './chunk-graph.ts'
import { earlyEntry } from './early-entry.ts'
import { installable } from './pwa.config.ts'
import { prerenderShells } from './prerender-shells.ts'
import { routePreloads } from './route-preloads.ts'
import { serverOnlySchemas } from './server-only-schemas.ts'

const api = 'http://127.0.0.1:3000'

export default defineConfig({
  base: '/console/',
  resolve: {
    // The browser's zod: the real one only where a screen loads it (src/api/zod-on-demand.ts, decision 0032).
    // The builds that run in Node (prerender-shells.ts) and the tests keep zod itself.
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('src/api/zod-on-demand.ts', import.meta.url)) },
      { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: fileURLToPath(new URL('src/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  plugins: [
    // Each icon imported from its own module, not through lucide-react's index of them all: the build then
    // knows which screen uses which icon, and the first load's shared chunk holds only the first screens'
    // (chunk-graph.ts). Its file names are the icon's name in kebab case, but for a number after letters.
    transformImports({ 'lucide-react': { transform: [['^Volume2$', 'lucide-react/icons/volume-2'], ['*', 'lucide-react/icons/{{kebabCase member}}']] } }),
    react(),
    answerShapes(),
    serverOnlySchemas(),
    tailwindcss(),
    installable(),
    routePreloads('src/app/routes.tsx'),
    prerenderShells('/src/prerender/render-shell.tsx', 'src/prerender/render-screen.tsx'),
    earlyEntry('early', 'src/early/entry.ts'),
    // A .br and a .gz beside every text file of the build, at the highest levels (made once, sent many
    // times): the server sends the one the browser asks for (apps/server/src/plugins/console-static.ts).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { resolveDependencies: preloadsOf },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules the group names: their libraries stay where they were (zod, markdown, DOMPurify).
          includeDependenciesRecursively: false,
          groups: [
            {
              // The small leaf modules many screens share (UI primitives, icons, helpers) in one chunk: split,
              // a screen waited on twenty requests of a few hundred bytes each, six at a time.
              // Two of them: what the first load runs, and what only later screens do (the player's icons, the
              // tabs), so a first visit does not fetch the second.
              name: (id, ctx) => (loadedFirst(id, (m) => ctx.getModuleInfo(m)) ? 'shared' : 'shared-screens'),
              test: /[\\/]apps[\\/]console[\\/]src[\\/](components|lib)[\\/]|[\\/]node_modules[\\/](lucide-react|react[\\/](jsx-runtime|cjs[\\/]react-jsx-runtime))/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/user': api, '/english_vocab': api, '/media-proxy': api, '/storage': api },
  },
})
