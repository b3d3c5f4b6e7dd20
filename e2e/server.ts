import { BUILT_SERVER, startServerAfterKill as startAfterKill, startServerProcess as start, type ServerProcess } from '../test/server-process'

export { freePort, killProcess, type ServerProcess } from '../test/server-process'

/**
 * The browser tests run the server as `npm start` does, from `npm run build`'s output, which they
 * need anyway for the console they drive. Through tsx each start took 1.5 s longer (5.1 s against
 * 3.6 s here, quiet), about a minute over the browser tests' forty starts.
 */
export const startServerProcess = (env: Record<string, string | undefined>, timeoutMs?: number): Promise<ServerProcess> => start(env, timeoutMs, BUILT_SERVER)

/** startServerAfterKill (test/server-process.ts) on the built server. */
export const startServerAfterKill = (env: Record<string, string | undefined>, waitMs?: number): Promise<ServerProcess> => startAfterKill(env, waitMs, BUILT_SERVER)
