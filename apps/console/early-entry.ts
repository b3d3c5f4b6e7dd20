import path from 'node:path'
import type { Plugin } from 'vite'
import { addWithImports, CONSOLE_START_STAGE } from './chunk-graph.ts'

/** The template of index.html that holds the console's code links until the first paint (src/early/start-console.ts). */
export const CONSOLE_CODE_TEMPLATE_ID = 'console-code'

/**
 * A second entry of the build (src/early/entry.ts), loaded by index.html
 * `async` before everything else: it sends the sign-in check at once, and
 * starts the console once the page's first frame is painted (decision 0019).
 * Vite joins every module script of a page into one entry, which would make
 * both wait for the main chunk, so the tag is added here, to the built page
 * only, naming the entry's hashed file (the dev server's page runs main.tsx
 * itself, as before).
 *
 * The console's entry and the chunks it imports are not fetched by the page
 * itself: their `<script>` and `<link rel="modulepreload">` tags go into a
 * `<template>` (inactive markup), which the early script puts in the head
 * after the first paint, so that paint waits for the stylesheet only. The
 * server adds the opened screen's chunks there too (route-preloads.ts), and
 * the files of the console's later start stages go there with the entry
 * (src/main.tsx imports them one by one: decision 0031).
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
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === name)
        if (!chunk || chunk.type !== 'chunk') throw new Error(`no entry chunk named ${name}`)
        if (chunk.imports.length > 0) throw new Error(`${file} must not import other chunks (it imports ${chunk.imports.join(', ')})`)
        const main = ctx.chunk?.fileName
        const mainTag = main && new RegExp(`\\s*<script type="module" crossorigin src="${escape(base + main)}"></script>`).exec(html)
        if (!mainTag) throw new Error(`no script tag of the console's entry (${main}) in index.html`)
        // The entry first (the order of preloads is their priority), each file once: a chunk that imports the entry back lists it again.
        const links = new Set([`<link rel="modulepreload" crossorigin href="${base}${main}">`])
        // The console's later stages (src/main.tsx imports them one after another): fetched with the entry.
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk')
        const staged = new Set<string>()
        for (const stage of chunks.filter((c) => c.facadeModuleId && CONSOLE_START_STAGE.test(c.facadeModuleId))) addWithImports(chunks, stage.fileName, staged)
        if (main) staged.delete(main)
        const rest = html.replace(mainTag[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, (tag) => {
          links.add(tag.trim())
          return ''
        })
        for (const fileName of staged) links.add(`<link rel="modulepreload" crossorigin href="${base}${fileName}">`)
        const template = `<template id="${CONSOLE_CODE_TEMPLATE_ID}" data-main="${base}${main}">${[...links].join('')}</template>`
        return {
          html: rest.replace('</head>', `${template}</head>`),
          tags: [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `${base}${chunk.fileName}` }, injectTo: 'head-prepend' }],
        }
      },
    },
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
