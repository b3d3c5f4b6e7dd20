import { runnerImport, type Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:lingocast/answer-shapes'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/**
 * `virtual:lingocast/answer-shapes`: the shape of every route's answer (packages/contract's
 * answer-shape.ts), read off the contract's zod schemas in Node when the console is built or served, so
 * that the browser checks answers without zod (src/api/answer-check.ts, decision 0032). A schema whose
 * kind has no shape stops the build with its name.
 */
export function answerShapes(): Plugin {
  let source: Promise<string> | undefined
  const make = async () => {
    const { module: contract } = await runnerImport<typeof import('@lingocast/contract')>('@lingocast/contract', { configFile: false, logLevel: 'error' })
    const shapes = contract.answerShapesOf(contract as unknown as Record<string, unknown>)
    // JSON.parse of a string: a phone reads it faster than the same object written as code.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(shapes))})\n`
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
