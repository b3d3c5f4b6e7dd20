import { ANKI_CONNECT_URL, AnkiConnectError } from './anki-connect'

/** Texts of Send to Anki (beyond the spec). */
export const ANKI_TEXT = {
  sendDeck: 'Send to Anki',
  sendCard: (front: string) => `Send ${front} to Anki`,
  sending: (done: number, total: number) => `Sending to Anki… ${done} of ${total}`,
  progressLabel: 'Cards sent to Anki',
  close: 'Close',
} as const

/** What a learner reads when Anki cannot be reached or will not take the cards, and what to do about it. */
export function ankiFailureText(error: unknown, origin: string): string {
  if (!(error instanceof AnkiConnectError)) return `Sending to Anki failed: ${error instanceof Error ? error.message : String(error)}`
  switch (error.kind) {
    case 'unreachable':
      return `Anki is not running, or AnkiConnect is not installed: nothing answers at ${ANKI_CONNECT_URL}. Open Anki and keep it open; if AnkiConnect is missing, install it in Anki with Tools › Add-ons › Get Add-ons… and code 2055492159, then restart Anki.`
    case 'refused':
      return `AnkiConnect refused this page (${origin}). Accept the permission prompt Anki shows, or in Anki open Tools › Add-ons › AnkiConnect › Config, add "${origin}" to webCorsOriginList, and restart Anki.`
    case 'api-key':
      return 'AnkiConnect asks for an API key, which Lingocast does not send. In Anki open Tools › Add-ons › AnkiConnect › Config and set apiKey to null, then restart Anki.'
    case 'anki':
      return `Anki answered: ${error.message}`
  }
}

/** The summary after a send: what went, what was already there, and Anki's answer for each card it refused. */
export function ankiSummaryText(r: { deckName: string; added: number; skipped: number; waiting: number; duplicates: number }): string {
  const cards = (n: number) => (n === 1 ? '1 card' : `${n} cards`)
  // "Sent 0 cards" reads as a failure when every card was there already.
  const parts = [r.added > 0 ? `Sent ${cards(r.added)} to the Anki deck "${r.deckName}".` : `No new card for the Anki deck "${r.deckName}".`]
  if (r.skipped > 0) parts.push(`${cards(r.skipped)} sent before, skipped.`)
  if (r.waiting > 0) parts.push(`${cards(r.waiting)} still waiting for the sentence audio: send again in a moment.`)
  if (r.duplicates > 0) parts.push(`${cards(r.duplicates)} already in Anki:`)
  return parts.join(' ')
}
