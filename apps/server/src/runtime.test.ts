import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { MIN_NODE, unsupportedRuntime } from './runtime'

const root = path.resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string }; devDependencies: Record<string, string> }

describe('the Node.js the server runs on', () => {
  it('refuses Node 20 and 22 with a line that says what to run, and takes 24.11 and later', () => {
    expect(unsupportedRuntime('20.20.2')).toMatch(/needs Node\.js 24\.11 or later .*this is 20\.20\.2.*npm start/)
    expect(unsupportedRuntime('22.19.0')).toBeDefined()
    expect(unsupportedRuntime('24.10.0')).toBeDefined()
    expect(unsupportedRuntime('24.11.0')).toBeUndefined()
    expect(unsupportedRuntime('26.0.0')).toBeUndefined()
  })

  it('is the one package.json states and installs, and the one the tests run on', () => {
    expect(pkg.engines.node).toBe(`>=${MIN_NODE.join('.')}`)
    expect(unsupportedRuntime(pkg.devDependencies.node!)).toBeUndefined()
    expect(unsupportedRuntime()).toBeUndefined()
  })
})
