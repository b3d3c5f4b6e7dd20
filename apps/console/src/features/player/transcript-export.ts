import type { Segment } from '@lingocast/contract'

/** 00:01:02.500 (WebVTT) or 00:01:02,500 (SRT). */
export function clock(ms: number, separator: '.' | ','): string {
  const t = Math.max(0, Math.round(ms))
  const h = Math.floor(t / 3_600_000)
  const m = Math.floor((t % 3_600_000) / 60_000)
  const s = Math.floor((t % 60_000) / 1000)
  const pad = (n: number, w = 2) => String(n).padStart(w, '0')
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(t % 1000, 3)}`
}

/** Cue text may not hold a blank line or "-->"; '<' and '&' are markup in WebVTT. */
const vttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '->').replace(/\s*\n\s*/g, ' ')

/**
 * WebVTT with a timestamp tag before every word after the first (karaoke
 * style, as the WebVTT spec allows inside a cue), so players that support it
 * light the words and every other player shows the plain line.
 */
export function toWebVtt(segments: readonly Segment[]): string {
  const cues = segments.map((s, i) => {
    const words = s.word_timestamps
    const inside = words.filter((w) => w.start > s.start && w.start < s.end)
    const body =
      words.length > 1 && inside.length === words.length - 1
        ? words.map((w, k) => (k === 0 ? vttText(w.word.trim()) : `<${clock(w.start, '.')}>${vttText(w.word.trim())}`)).join(' ')
        : vttText(s.text.trim())
    return `${i + 1}\n${clock(s.start, '.')} --> ${clock(s.end, '.')}\n${body}`
  })
  return `WEBVTT\n\n${cues.join('\n\n')}\n`
}

export function toSrt(segments: readonly Segment[]): string {
  return `${segments.map((s, i) => `${i + 1}\n${clock(s.start, ',')} --> ${clock(s.end, ',')}\n${s.text.trim().replace(/\s*\n\s*/g, ' ')}`).join('\n\n')}\n`
}

/** A file name from the article title: letters, digits and dashes. */
export function exportFileName(title: string, ext: 'vtt' | 'srt'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80)
  return `${base || 'transcript'}.${ext}`
}
