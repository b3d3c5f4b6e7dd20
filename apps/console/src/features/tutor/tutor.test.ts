import type { Segment } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../lib/local-storage'
import { toUserMessages } from './api'
import { storedChat } from './chat-entry'
import { CHAT_HISTORY_LIMIT, readChatHistory, writeChatHistory, type ChatEntry } from './chat-history'
import { explainContextFor } from './explain-context'

const seg = (i: number): Segment => ({ start: i * 1000, end: i * 1000 + 900, text: ` s${i} `, word_timestamps: [] })
const segments = Array.from({ length: 10 }, (_, i) => seg(i))

describe('explainContextFor', () => {
  it('takes 5 previous, the current and 2 next segments, trimmed', () => {
    const ctx = explainContextFor(segments, segments[6]!)
    expect(ctx.previousSegments.map((s) => s.text)).toEqual(['s1', 's2', 's3', 's4', 's5'])
    expect(ctx.currentSegment).toEqual({ start: 6000, text: 's6' })
    expect(ctx.nextSegments.map((s) => s.text)).toEqual(['s7', 's8'])
    expect(ctx.flashcard).toBe(false)
  })
  it('takes fewer at the edges, and flags a flashcard request', () => {
    expect(explainContextFor(segments, segments[0]!).previousSegments).toEqual([])
    expect(explainContextFor(segments, segments[9]!).nextSegments).toEqual([])
    expect(explainContextFor(segments, segments[2]!, true)).toMatchObject({ flashcard: true, previousSegments: [{ text: 's0' }, { text: 's1' }] })
  })
})

const entry = (id: string, role: 'user' | 'assistant', content: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({ id, role, content, ...extra })

describe('toUserMessages', () => {
  it('sends the last 3 user turns and what follows, without failed replies or screen fields', () => {
    const ctx = explainContextFor(segments, segments[3]!)
    const list = [
      entry('1', 'user', 'q1'),
      entry('2', 'assistant', 'a1'),
      entry('3', 'user', 'Explain 0:03: s3', { explain: ctx }),
      entry('4', 'assistant', 'Sorry, I encountered an error. Please try again.', { failed: true, error: 'Chat API error: 502' }),
      entry('5', 'user', 'q3'),
      entry('6', 'assistant', 'a3'),
      entry('7', 'user', 'q4'),
    ]
    expect(toUserMessages(list)).toEqual([
      { role: 'user', content: '', explain: ctx },
      { role: 'user', content: 'q3' },
      { role: 'assistant', content: 'a3' },
      { role: 'user', content: 'q4' },
    ])
  })
})

describe('chat history', () => {
  it('is kept per article, capped, and unreadable data reads as an empty chat', () => {
    const storage = memoryStorage()
    const many = Array.from({ length: CHAT_HISTORY_LIMIT + 5 }, (_, i) => entry(String(i), i % 2 ? 'assistant' : 'user', `m${i}`))
    writeChatHistory('A', many, storage)
    expect(readChatHistory('A', storage)).toHaveLength(CHAT_HISTORY_LIMIT)
    expect(readChatHistory('A', storage).at(-1)!.content).toBe(`m${CHAT_HISTORY_LIMIT + 4}`)
    expect(readChatHistory('B', storage)).toEqual([])
    storage.setItem('chat_history_C', '{not json')
    expect(readChatHistory('C', storage)).toEqual([])
    storage.setItem('chat_history_D', JSON.stringify([{ role: 'robot' }]))
    expect(readChatHistory('D', storage)).toEqual([])
  })

  it('reads back an explain turn and its failed reply, and drops a chat the schema refuses, as zod would', () => {
    const storage = memoryStorage()
    const explained: ChatEntry[] = [
      { ...entry('1', 'user', 'Explain s6'), explain: explainContextFor(segments, segments[6]!) },
      { ...entry('2', 'assistant', 'Sorry'), failed: true, error: 'Chat API error: 502' },
    ]
    writeChatHistory('E', explained, storage)
    expect(readChatHistory('E', storage)).toEqual(explained)
    expect(storedChat.safeParse(explained).success).toBe(true)
    const broken = [
      [{ ...explained[0], explain: { ...explained[0]!.explain, currentSegment: 's6' } }],
      [{ ...explained[1], failed: 'yes' }],
      [{ ...explained[1], id: 2 }],
      { ...explained[0] },
    ]
    for (const [i, chat] of broken.entries()) {
      storage.setItem(`chat_history_F${i}`, JSON.stringify(chat))
      expect(storedChat.safeParse(chat).success).toBe(false)
      expect(readChatHistory(`F${i}`, storage)).toEqual([])
    }
  })
})
