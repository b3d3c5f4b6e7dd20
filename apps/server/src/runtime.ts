/**
 * The oldest Node.js the server runs on: the first Node 24 LTS, which undici 8 (the HTTP client every
 * outbound fetch goes through) supports. package.json's `engines` says the same; `npm start` and
 * `npm test` run the Node.js that `npm ci` installs (the `node` devDependency, decision 0022).
 */
export const MIN_NODE = [24, 11] as const

/** Why this Node.js cannot run the server, or undefined when it can. */
export function unsupportedRuntime(version = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number)
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined
  return (
    `Lingocast needs Node.js ${MIN_NODE.join('.')} or later (an LTS line); this is ${version}. ` +
    'Start it with `npm start`, which runs the Node.js that `npm ci` installed (node_modules/.bin/node), or install Node.js 24.'
  )
}
