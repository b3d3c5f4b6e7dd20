import { describe, expect, it } from 'vitest'
import { AnkiConnectError } from './anki-connect'
import { ankiFailureText, ankiSummaryText } from './anki-messages'

describe('what Send to Anki tells the learner', () => {
  it('counts what went, what went before, what waits for its audio and what Anki already held', () => {
    expect(ankiSummaryText({ deckName: 'Words', added: 1, skipped: 0, waiting: 0, duplicates: 0 })).toBe('Sent 1 card to the Anki deck "Words".')
    expect(ankiSummaryText({ deckName: 'Words', added: 0, skipped: 3, waiting: 1, duplicates: 2 })).toBe(
      'No new card for the Anki deck "Words". 3 cards sent before, skipped. 1 card still waiting for the sentence audio: send again in a moment. 2 cards already in Anki:',
    )
  })

  it('says what to do for each way Anki can be out of reach, and gives Anki its own words', () => {
    const origin = 'http://lingo.lan:3000'
    expect(ankiFailureText(new AnkiConnectError('unreachable', 'x'), origin)).toMatch(/^Anki is not running.*keep it open.*2055492159/)
    expect(ankiFailureText(new AnkiConnectError('refused', 'x'), origin)).toContain(`add "${origin}" to webCorsOriginList`)
    expect(ankiFailureText(new AnkiConnectError('api-key', 'x'), origin)).toContain('set apiKey to null')
    expect(ankiFailureText(new AnkiConnectError('anki', 'model was not found: Basic'), origin)).toBe('Anki answered: model was not found: Basic')
    expect(ankiFailureText(new Error('the sentence audio of "x" could not be read (HTTP 404)'), origin)).toBe('Sending to Anki failed: the sentence audio of "x" could not be read (HTTP 404)')
  })
})
