declare module 'virtual:lingocast/answer-shapes' {
  import type { AnswerShape } from '@lingocast/contract'
  /** Every route's answer shape, by answerKey: made when the console is built (answer-shapes.ts beside vite.config.ts). */
  const shapes: Readonly<Record<string, AnswerShape>>
  export default shapes
}

declare module 'virtual:lingocast/stored-chat-shape' {
  import type { AnswerShape } from '@lingocast/contract'
  /** A chat the tutor stored in local storage (src/features/tutor/chat-entry.ts), made when the console is built. */
  const storedChatShape: AnswerShape
  export default storedChatShape
}
