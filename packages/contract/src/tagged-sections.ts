/**
 * The tutor's answer to improve-flashcard-back (spec 001 s7): free text with
 * tagged sections that propose a new card back. One format, written by the
 * tutor providers with `formatTaggedSections` and read by the console with
 * `parseTaggedSections`, also while the text is still streaming in:
 *
 *     Here is a clearer version.
 *     <ReorganizedSentence>...</ReorganizedSentence>
 *     <Explanation>...</Explanation>
 *     <MemorizeCue>...</MemorizeCue>
 */

export const TAGGED_SECTIONS = ['ReorganizedSentence', 'Explanation', 'MemorizeCue'] as const
export type TaggedSection = (typeof TAGGED_SECTIONS)[number]
export type SectionValues = Partial<Record<TaggedSection, string>>

export interface ParsedTutorReply {
  /** The text outside the tags: what the tutor says to the learner. */
  message: string
  /** Sections whose closing tag has arrived. */
  sections: SectionValues
  /** A section still being streamed (opening tag seen, closing tag not yet). */
  pending: TaggedSection | null
}

/** Longest preview of a proposal (spec 001 s9): 400 for the cue, 200 otherwise. */
export const SECTION_PREVIEW_LIMITS: Record<TaggedSection, number> = { ReorganizedSentence: 200, Explanation: 200, MemorizeCue: 400 }

export function formatTaggedSections(message: string, sections: SectionValues): string {
  const parts = message.trim() ? [message.trim()] : []
  for (const name of TAGGED_SECTIONS) {
    const value = sections[name]
    if (value !== undefined && value.trim() !== '') parts.push(`<${name}>\n${value.trim()}\n</${name}>`)
  }
  return parts.join('\n\n')
}

const TAG = new RegExp(`<(/?)(${TAGGED_SECTIONS.join('|')})>`, 'g')

export function parseTaggedSections(text: string): ParsedTutorReply {
  const sections: SectionValues = {}
  let message = ''
  let open: { name: TaggedSection; from: number } | null = null
  let last = 0
  for (const m of text.matchAll(TAG)) {
    const closing = m[1] === '/'
    const name = m[2] as TaggedSection
    if (!open && !closing) {
      message += text.slice(last, m.index)
      open = { name, from: m.index + m[0].length }
    } else if (open && closing && name === open.name) {
      sections[name] = text.slice(open.from, m.index).trim()
      open = null
    } else continue
    last = m.index + m[0].length
  }
  let pending: TaggedSection | null = null
  if (open) pending = open.name
  else {
    // Drop a tag cut in half at the end of a chunk ("<Memo") rather than show it.
    const tail = text.slice(last)
    const partial = /<\/?[A-Za-z]*$/.exec(tail)
    message += partial && TAGGED_SECTIONS.some((s) => `<${s}>`.startsWith(partial[0])) ? tail.slice(0, partial.index) : tail
  }
  return { message: message.replace(/\n{3,}/g, '\n\n').trim(), sections, pending }
}

/** Cut a preview at `limit` characters with an ellipsis. */
export function previewText(value: string, limit: number): string {
  return value.length > limit ? `${value.slice(0, limit)}…` : value
}
