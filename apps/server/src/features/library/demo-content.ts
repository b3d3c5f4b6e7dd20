import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Segment } from '@lingocast/contract'

/**
 * Demo articles every new user finds in the library, so the player works at
 * once and offline. Media lives in apps/server/demo and is served from the
 * read-only `/demo/` storage path; `scripts/build-demo-content.ts` makes it.
 */
export const DEMO_DIR = path.join(import.meta.dirname, '../../../demo')

export interface DemoArticle {
  title: string
  description: string
  audio: string
  durationSeconds: number
  plainText: string
  segments: Segment[]
}

function load(file: string): Segment[] {
  return JSON.parse(readFileSync(path.join(DEMO_DIR, file), 'utf8')) as Segment[]
}

let cached: DemoArticle[] | undefined

export function demoArticles(): DemoArticle[] {
  if (cached) return cached
  const sense = load('sense-and-sensibility.segments.json')
  cached = [
    {
      title: 'Sense and Sensibility, Chapter 1 (excerpt)',
      description:
        '<p>A few sentences from the first chapter of Jane Austen\'s <em>Sense and Sensibility</em>, read by a LibriVox volunteer (public domain).</p>' +
        '<p>Press play and watch each word light up as it is spoken. Click any word to jump to it; press <strong>R</strong> to hear the sentence again.</p>',
      audio: '/demo/sense-and-sensibility.mp3',
      durationSeconds: 26.8,
      plainText: sense.map((s) => s.text).join(' '),
      segments: sense,
    },
  ]
  return cached
}
