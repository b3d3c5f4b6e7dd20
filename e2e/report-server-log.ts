import { afterEach, beforeEach } from 'vitest'
import { liveServerOutputs } from '../test/server-process'

/**
 * When a browser test fails, what its servers logged as a warning or an error while it ran: a
 * failure on a loaded CI machine (a job that failed and waits for its retry, a request that failed)
 * is then explained by the log, not guessed at from a timeout.
 */
const MAX_LINES = 20
const seen = new Map<() => string, number>()

beforeEach(() => {
  seen.clear()
  for (const output of liveServerOutputs) seen.set(output, output().length)
})

afterEach((context) => {
  if (context.task.result?.state !== 'fail') return
  const lines = [...liveServerOutputs]
    .flatMap((output) => output().slice(seen.get(output) ?? 0).split('\n'))
    // pino's levels: 40 warn, 50 error, 60 fatal.
    .filter((line) => /"level":(40|50|60)\b/.test(line))
  if (lines.length === 0) return
  console.error(`The server's warnings and errors during "${context.task.name}":\n${lines.slice(-MAX_LINES).map((line) => line.slice(0, 600)).join('\n')}`)
})
