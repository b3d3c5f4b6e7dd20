// `npm run build` (after the console): the server's TypeScript compiled once into dist/server/, so
// `npm start` runs plain JavaScript. Under tsx every module a start loads (about 1,200 with the
// dependencies) passes through a loader thread: 0.7 s of a 3 s start here. Tests, `npm run
// dev` and the CLIs still run the sources through tsx.
//
// Dependencies stay in node_modules (not bundled); the contract package, which is TypeScript, is.
// Each module's import.meta.url/dirname is its own source file's, as under tsx, so the paths the
// code builds from them (migrations, the PGlite worker, the demo content) stay the same.
import { renameSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const here = import.meta.dirname
const target = path.join(here, 'dist', 'server')
// Built beside it and then swapped in whole: no chunk of an older build is left behind, and no start sees half a build.
const outdir = `${target}.new-${process.pid}`
const contract = path.resolve(here, '../../packages/contract')

/** import.meta of each source file, as it would be if the file ran itself. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const rel = (p) => JSON.stringify(path.relative(outdir, p).split(path.sep).join('/'))
      const contents = source
        .replaceAll('import.meta.dirname', `__lingocastSource(${rel(path.dirname(args.path))})`)
        .replaceAll('import.meta.url', `__lingocastSourceUrl(${rel(args.path)})`)
      return { contents, loader: 'ts' }
    })
  },
}

/** Every bare import but the contract stays a runtime import from node_modules. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path === '@lingocast/contract' || args.path.startsWith('@lingocast/contract/') ? undefined : { path: args.path, external: true }))
  },
}

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  // esbuild tries aliases longest first; without the subpath's own entry it would read src/index.ts/anki-html.
  alias: { '@lingocast/contract/anki-html': path.join(contract, 'src/anki-html.ts'), '@lingocast/contract': path.join(contract, 'src/index.ts') },
  plugins: [dependenciesExternal, ownImportMeta],
  banner: {
    js: [
      "import { resolve as __lingocastResolve } from 'node:path';",
      "import { pathToFileURL as __lingocastToUrl } from 'node:url';",
      'const __lingocastSource = (rel) => __lingocastResolve(import.meta.dirname, rel);',
      'const __lingocastSourceUrl = (rel) => __lingocastToUrl(__lingocastResolve(import.meta.dirname, rel)).href;',
    ].join('\n'),
  },
})
rmSync(target, { recursive: true, force: true })
renameSync(outdir, target)
console.log(`Built the server: ${path.relative(process.cwd(), path.join(target, 'main.js'))}`)
