import { fileURLToPath } from 'node:url'
import { runnerImport, type Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:lingocast/answer-shapes'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/**
 * `virtual:lingocast/answer-shapes`: the shape of every route's answer (packages/contract's
 * answer-shape.ts), read off the contract's zod schemas in Node when the console is built or served, so
 * that the browser checks answers without zod (src/api/answer-check.ts, decision 0032); and the shape of
 * a chat the tutor stored (`storedChatShape`, src/features/tutor/chat-entry.ts). A schema whose kind has
 * no shape stops the build with its name.
 */
export function answerShapes(): Plugin {
  let source: Promise<string> | undefined
  const make = async () => {
    const { module: contract } = await runnerImport<typeof import('@lingocast/contract')>('@lingocast/contract', { configFile: false, logLevel: 'error' })
    const shapes = contract.answerShapesOf(contract as unknown as Record<string, unknown>)
    const { module: chat } = await runnerImport<typeof import('./src/features/tutor/chat-entry.ts')>(fileURLToPath(new URL('src/features/tutor/chat-entry.ts', import.meta.url)), { configFile: false, logLevel: 'error' })
    const storedChatShape = contract.answerShapeOf(chat.storedChat)
    // JSON.parse of a string: a phone reads it faster than the same object written as code.
    const json = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`
    return `export default ${json(shapes)}\nexport const storedChatShape = ${json(storedChatShape)}\n`
  }
  return {
    name: 'lingocast:answer-shapes',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      source ??= make()
      return source
    },
  }
}
