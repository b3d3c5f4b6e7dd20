import { fileURLToPath } from 'node:url'
import { runnerImport, type Plugin } from 'vite'

const ROUTES_ID = 'virtual:lingocast/answer-shapes'
const STORED_CHAT_ID = 'virtual:lingocast/stored-chat-shape'
const IDS = [ROUTES_ID, STORED_CHAT_ID]

/**
 * `virtual:lingocast/answer-shapes`: the shape of every route's answer (packages/contract's
 * answer-shape.ts), read off the contract's zod schemas in Node when the console is built or served, so
 * that the browser checks answers without zod (src/api/answer-check.ts, decision 0032). And
 * `virtual:lingocast/stored-chat-shape`: the shape of a chat the tutor stored
 * (src/features/tutor/chat-entry.ts), a module of its own so that it goes with the player's code only.
 * A schema whose kind has no shape stops the build with its name.
 */
export function answerShapes(): Plugin {
  let sources: Promise<Record<string, string>> | undefined
  const make = async () => {
    const { module: contract } = await runnerImport<typeof import('@lingocast/contract')>('@lingocast/contract', { configFile: false, logLevel: 'error' })
    const { module: chat } = await runnerImport<typeof import('./src/features/tutor/chat-entry.ts')>(fileURLToPath(new URL('src/features/tutor/chat-entry.ts', import.meta.url)), { configFile: false, logLevel: 'error' })
    // JSON.parse of a string: a phone reads it faster than the same object written as code.
    const json = (value: unknown) => `export default JSON.parse(${JSON.stringify(JSON.stringify(value))})\n`
    return {
      [ROUTES_ID]: json(contract.answerShapesOf(contract as unknown as Record<string, unknown>)),
      [STORED_CHAT_ID]: json(contract.answerShapeOf(chat.storedChat)),
    }
  }
  return {
    name: 'lingocast:answer-shapes',
    resolveId: (id) => (IDS.includes(id) ? `\0${id}` : undefined),
    async load(id) {
      const virtual = IDS.find((v) => id === `\0${v}`)
      if (!virtual) return undefined
      sources ??= make()
      return (await sources)[virtual]
    },
  }
}
