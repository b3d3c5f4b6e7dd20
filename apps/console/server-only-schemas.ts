import MagicString from 'magic-string'
import { fileURLToPath } from 'node:url'
import { parseAst, type Plugin } from 'vite'

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/
const STUB_MODULE = fileURLToPath(new URL('src/api/server-only-schema.ts', import.meta.url))

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

/** The spans of the functions handed to `lazySchema(...)`: the code the server alone runs. */
function schemaBuilders(program: Node): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!isNode(value)) return
    const callee = value.callee as Node | undefined
    const [builder] = (value.arguments as Node[] | undefined) ?? []
    if (value.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'lazySchema' && builder && /^(Arrow)?FunctionExpression$/.test(builder.type)) {
      found.push({ start: builder.start, end: builder.end })
      return
    }
    for (const key in value) if (key !== 'parent') visit(value[key])
  }
  visit(program)
  return found
}

/**
 * A contract module as the browser's build takes it: each `lazySchema(() => ...)` hands over the stub
 * instead of its builder, so the builders, and what only they use (zod calls, refinements, the
 * messages only a schema says), are left out of the bundle. `fieldRule(...)` keeps its builder.
 * Returns undefined when the module builds no schema.
 */
export function withoutSchemaCode(code: string, id: string, stubModule = STUB_MODULE): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  const spans = schemaBuilders(parseAst(code, { lang: 'ts' }, id) as unknown as Node)
  if (spans.length === 0) return undefined
  const out = new MagicString(code)
  for (const { start, end } of spans) out.overwrite(start, end, 'serverOnlySchema')
  out.prepend(`import { serverOnlySchema } from ${JSON.stringify(stubModule)}\n`)
  return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) }
}

/**
 * Leaves the contract's schema code out of the browser's bundle (decision 0035). The browser checks
 * answers by their shapes (answer-shapes.ts) and loads zod only where a dialog runs a `fieldRule`, so the
 * few hundred schema builders were code every screen fetched and parsed and none ran. Node's builds (the
 * screen renderer, the answer shapes) and the tests take the contract as written.
 */
export function serverOnlySchemas(): Plugin {
  return {
    name: 'lingocast:server-only-schemas',
    enforce: 'pre',
    transform: {
      filter: { id: CONTRACT_SOURCE },
      handler(code, id) {
        if (this.environment.config.consumer !== 'client') return undefined
        if (!CONTRACT_SOURCE.test(id) || /lazy-schema\.ts$|\.test\.ts$/.test(id)) return undefined
        return withoutSchemaCode(code, id)
      },
    },
  }
}
