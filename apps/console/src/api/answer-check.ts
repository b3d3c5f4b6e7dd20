import { answerKey, fitsShape } from '@lingocast/contract'
import shapes from 'virtual:lingocast/answer-shapes'
import { checkAnswersWith } from './client'

/**
 * The browser's check of the server's answers: each route's answer shape, read off the contract's
 * schemas when the console is built (answer-shapes.ts beside vite.config.ts), instead of zod, which the
 * first screens then need not carry or evaluate (decision 0032). The answer is handed on as it came.
 */
checkAnswersWith((route, answer) => {
  const shape = shapes[answerKey(route)]
  if (shape === undefined) throw new Error(`No answer shape for ${answerKey(route)}: the build reads the routes the contract exports`)
  return fitsShape(shape, answer) ? { ok: true, data: answer } : { ok: false }
})
