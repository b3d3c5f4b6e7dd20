import { fileURLToPath } from 'node:url'
import type { Alias } from 'vite'

/**
 * The browser's build runs the console on Preact (preact/compat) instead of React: the sources keep
 * importing 'react' and its types, only the bundle changes (decision 0029). React DOM alone was more
 * than half of the initial JavaScript (about 60 of 200 KB gzip) and most of its evaluation on a phone.
 * The Node renders (the build's frames, dist-ssr) keep React: the frame they make is only painted and
 * replaced, never hydrated, so the two need not be the same library. Going back is removing this list
 * from vite.config.ts.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: fileURLToPath(new URL('./src/app/preact-root.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]
