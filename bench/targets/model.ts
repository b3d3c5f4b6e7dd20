import { startOpenAiStreamServer } from '../../test/openai-stream'

/** The loopback OpenAI-compatible model of the tutor bench: a short answer in five streamed chunks. */
const model = await startOpenAiStreamServer()
model.reply({ chunks: ['The word ', '**leisure** ', 'means ', 'free time', '.'], delayMs: 10 })
process.stdout.write(`${JSON.stringify({ port: Number(new URL(model.baseUrl).port) })}\n`)
