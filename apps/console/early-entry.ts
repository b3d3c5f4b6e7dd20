import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * A second entry of the build (src/early/entry.ts: the sign-in check), loaded by
 * index.html `async` before everything else: it sends the sign-in check
 * while the main chunk downloads. Vite joins every module script of a page
 * into one entry, which would make the check wait for the main chunk, so the
 * tag is added here, to the built page only, naming the entry's hashed file
 * (the dev server runs the check from main.tsx as before).
 */
export function earlyEntry(name: string, file: string): Plugin {
  let base = '/'
  return {
    name: 'lingocast:early-entry',
    apply: 'build',
    config: (config) => ({
      build: {
        rolldownOptions: {
          input: { index: path.resolve(config.root ?? '.', 'index.html'), [name]: path.resolve(config.root ?? '.', file) },
        },
      },
    }),
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === name)
        if (!chunk || chunk.type !== 'chunk') throw new Error(`no entry chunk named ${name}`)
        if (chunk.imports.length > 0) throw new Error(`${file} must not import other chunks (it imports ${chunk.imports.join(', ')})`)
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `${base}${chunk.fileName}` }, injectTo: 'head-prepend' }]
      },
    },
  }
}
