import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../../test/app'

/**
 * A learner who closes the tab while the tutor still writes leaves the server a failure behind (the
 * aborted stream's "Premature close"). That is not a fault of the server: the log says the client
 * left, at info, and keeps its errors for what needs looking at.
 */
const logLines: string[] = []
let t: TestApp
let url: string
let failedAfterLeaving: () => void
const handled = new Promise<void>((resolve) => (failedAfterLeaving = resolve))

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      logLines,
      extend(app) {
        app.get('/test/left', async (_request, reply) => {
          await new Promise((resolve) => reply.raw.once('close', resolve))
          setTimeout(failedAfterLeaving, 50)
          throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })
        })
        app.get('/test/fails', async () => {
          throw new Error('a fault of ours')
        })
      },
    },
  )
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(async () => t?.close())

const logged = () => logLines.map((line) => JSON.parse(line) as { level: number; msg: string; route?: string; err?: unknown })

it('logs a failure after the client left at info, naming the route, and not as an error', async () => {
  const request = http.get(`${url}/test/left`)
  request.on('error', () => undefined)
  await new Promise((resolve) => setTimeout(resolve, 100))
  request.destroy()
  await handled
  const lines = logged().filter((line) => line.route === '/test/left')
  expect(lines.map((line) => [line.level, line.msg])).toEqual([[30, 'the client left before its answer']])
  expect(logged().filter((line) => line.level >= 50)).toEqual([])
})

it('still logs a failure with the client waiting as an error, with its route', async () => {
  const res = await fetch(`${url}/test/fails`)
  expect(res.status).toBe(500)
  const errors = logged().filter((line) => line.level >= 50)
  expect(errors.map((line) => [line.msg, line.route])).toEqual([['request failed', '/test/fails']])
})
