import { formatCardBack } from '@lingocast/contract'
import { describe, expect, it } from 'vitest'
import { ankiNoteOf } from './anki-note'

describe('a card as an AnkiConnect note', () => {
  const back = formatCardBack({
    context: { Article: 'AbC123', Title: 'Sense & Sensibility', Position: '0:07', Sentence: 'He was not an ill-disposed young man,' },
    cue: '**young** = not <old>',
  })

  it('puts the front word on the Front and the cue, sentence and source on the Back, as HTML', () => {
    const note = ankiNoteOf({ id: 7, front: 'young', back }, 'Podcast words')
    expect(note.deckName).toBe('Podcast words')
    expect(note.modelName).toBe('Basic')
    expect(note.fields.Front).toBe('young')
    expect(note.fields.Back).toBe('<strong>young</strong> = not &lt;old&gt;<br><br><i>He was not an ill-disposed young man,</i><br><br><small>From: Sense &amp; Sensibility</small>')
    // The context block's bookkeeping (article id, position) is not for the learner's eyes in Anki.
    expect(note.fields.Back).not.toContain('AbC123')
    expect(note.options).toEqual({ allowDuplicate: false, duplicateScope: 'deck' })
    expect(note.audio).toBeUndefined()
  })

  it('carries the sentence clip as media that plays on the Back, named after the card', () => {
    const note = ankiNoteOf({ id: 42, front: 'young', back }, 'D', 'SUQz')
    expect(note.audio).toEqual([{ data: 'SUQz', filename: 'lingocast-42.mp3', fields: ['Back'] }])
  })

  it('keeps a hand-typed card as it is, its HTML escaped so nothing runs in Anki', () => {
    const note = ankiNoteOf({ id: 1, front: 'a <b>', back: 'line one\n\n<script>x()</script>' }, 'D')
    expect(note.fields.Front).toBe('a &lt;b&gt;')
    expect(note.fields.Back).not.toContain('<script>')
    expect(note.fields.Back).toContain('line one')
  })
})
