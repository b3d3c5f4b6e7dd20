import { SKIP_WITHOUT_SEGMENTS_SECONDS, type Segment, type TranscriptionStatus } from '@lingocast/contract'
import { formatDuration } from '../../lib/format'

/**
 * Pure segment arithmetic of the player. Times are milliseconds, as the
 * contract's Segment has them; the media elements speak seconds, so callers
 * convert with `toMs`. Every lookup is a binary search: a two-hour transcript
 * has thousands of segments and these run on every animation frame.
 */

export type WordTiming = Segment['word_timestamps'][number]

export const SKIP_MS = SKIP_WITHOUT_SEGMENTS_SECONDS * 1000

/** Seconds of a media element to whole milliseconds (7.4999999 s is 7500 ms, not 7499). */
export function toMs(seconds: number): number {
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : 0
}

/** m:ss of a time in milliseconds, seconds zero-padded (the spec's stamps). */
export function formatStamp(ms: number): string {
  return formatDuration(ms / 1000)
}

const byStart = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start - b.start || a.end - b.end

/** The segments of get_speech_segments: those without text dropped, the rest sorted by start (spec 000 s7). */
export function prepareSegments(list: readonly Segment[]): Segment[] {
  return list.filter((s) => s.text.trim() !== '').map(sortWords).sort(byStart)
}

function sortWords(s: Segment): Segment {
  const w = s.word_timestamps
  for (let i = 1; i < w.length; i++) if (w[i]!.start < w[i - 1]!.start) return { ...s, word_timestamps: [...w].sort(byStart) }
  return s
}

/** Index of the last item whose start is at or before `ms`, or -1. Items sorted by start. */
export function lastStartedIndex(items: ReadonlyArray<{ start: number }>, ms: number): number {
  let lo = 0
  let hi = items.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    if (items[mid]!.start <= ms) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

/** The current segment: start <= ms < end (spec 000 s4); -1 between segments. */
export function segmentIndexAt(segments: readonly Segment[], ms: number): number {
  const i = lastStartedIndex(segments, ms)
  return i >= 0 && ms < segments[i]!.end ? i : -1
}

/**
 * A pause shorter than this between two words keeps the earlier word lit, so
 * the highlight does not flicker off for a few milliseconds between words.
 */
export const WORD_GAP_BRIDGE_MS = 250

/** The word being spoken at `ms` (start <= ms < end, short gaps bridged); -1 if none. */
export function wordIndexAt(words: readonly WordTiming[], ms: number): number {
  const i = lastStartedIndex(words, ms)
  if (i < 0) return -1
  const word = words[i]!
  if (ms < word.end) return i
  const next = words[i + 1]
  return next && ms < next.start && next.start - word.end <= WORD_GAP_BRIDGE_MS ? i : -1
}

/**
 * Where a click on the timeline at `ms` seeks: inside a segment, to its start
 * (spec 000 s2); in a gap between segments (or before the first, after the
 * last), to the time clicked: the nearest segment's start could be back at
 * the segment just heard.
 */
export function timelineTarget(segments: readonly Segment[], ms: number): number {
  const i = segmentIndexAt(segments, ms)
  return i >= 0 ? segments[i]!.start : Math.max(0, Math.round(ms))
}

/** The segment under `ms`, else the nearest one (a timeline click between blocks); -1 with none. */
export function nearestSegmentIndex(segments: readonly Segment[], ms: number): number {
  const i = lastStartedIndex(segments, ms)
  if (i >= 0 && ms < segments[i]!.end) return i
  const before = i >= 0 ? segments[i] : undefined
  const after = segments[i + 1]
  if (!before) return after ? i + 1 : -1
  if (!after) return i
  return ms - before.end <= after.start - ms ? i : i + 1
}

/**
 * Where "next segment" goes: the start of the first segment that starts after
 * `ms`. With no such segment, 10 seconds ahead (spec 000 s5). The caller clamps
 * to the duration.
 */
export function nextTarget(segments: readonly Segment[], ms: number): number {
  const next = segments[lastStartedIndex(segments, ms) + 1]
  return next ? next.start : ms + SKIP_MS
}

/**
 * Where "previous segment" goes: inside segment i, the start of segment i-1;
 * between segments, the start of the one just heard. With none, 10 seconds
 * back, never below 0.
 */
export function previousTarget(segments: readonly Segment[], ms: number): number {
  const current = segmentIndexAt(segments, ms)
  const target = current >= 0 ? current - 1 : lastStartedIndex(segments, ms)
  return target >= 0 ? segments[target]!.start : Math.max(0, ms - SKIP_MS)
}

/**
 * Where "repeat" goes: the start of the current segment; between segments, of
 * the one just heard; with none, 10 seconds back.
 */
export function replayTarget(segments: readonly Segment[], ms: number): number {
  const target = lastStartedIndex(segments, ms)
  return target >= 0 ? segments[target]!.start : Math.max(0, ms - SKIP_MS)
}

/**
 * Merges an on-demand window into the known segments (spec 000 s4, s7):
 * a segment with the same start and end replaces a known one whose text is
 * empty and is otherwise already known; any other is added. Sorted by start.
 * `changed` says whether anything new arrived.
 */
export function mergeSegments(known: readonly Segment[], incoming: readonly Segment[]): { segments: Segment[]; changed: boolean } {
  const at = new Map<string, number>()
  const out = [...known]
  out.forEach((s, i) => at.set(`${s.start}:${s.end}`, i))
  let changed = false
  for (const seg of incoming) {
    const key = `${seg.start}:${seg.end}`
    const i = at.get(key)
    if (i === undefined) {
      at.set(key, out.length)
      out.push(sortWords(seg))
      changed = true
    } else if (out[i]!.text.trim() === '' && seg.text.trim() !== '') {
      out[i] = sortWords(seg)
      changed = true
    }
  }
  if (!changed) return { segments: known as Segment[], changed }
  return { segments: out.sort(byStart), changed }
}

/**
 * A silence longer than this inside the window ahead is taken as transcript
 * still missing there; real pauses between sentences are far shorter.
 */
export const MISSING_GAP_MS = 8_000

/**
 * Whether the transcript ahead of the play position, up to `aheadMs` or the end
 * of the media, has holes: a long stretch with no segment, or a segment whose
 * text is still empty. Then a window fetch around the position is due.
 */
export function windowHasHoles(segments: readonly Segment[], ms: number, aheadMs: number, durationMs: number): boolean {
  const end = durationMs > 0 ? Math.min(ms + aheadMs, durationMs) : ms + aheadMs
  if (end - ms <= MISSING_GAP_MS) {
    // Near the end: only a segment still without text counts.
    return hasEmptyText(segments, ms, end)
  }
  let cursor = ms
  // The segment the position is in (or the one before it) covers up to its end.
  const first = Math.max(0, lastStartedIndex(segments, ms))
  for (let i = first; i < segments.length; i++) {
    const s = segments[i]!
    if (s.start >= end) break
    if (s.end <= ms) continue
    if (s.text.trim() === '') return true
    if (s.start - cursor > MISSING_GAP_MS) return true
    cursor = Math.max(cursor, s.end)
  }
  return end - cursor > MISSING_GAP_MS
}

/**
 * Whether a window fetch around the play position is due: the transcript ahead
 * has holes, or it is still being made (queued or running). The second case is
 * a transcript whose shown segments look whole while its job still works on
 * it: a publisher's text being fitted adds the words it could not place in the
 * audio ("Thanks for listening." past the end) only when the job finishes,
 * after no hole the first answer had. The pacer slows the asking down while
 * nothing changes.
 */
export function transcriptWindowDue(segments: readonly Segment[], transcription: TranscriptionStatus | undefined, ms: number, aheadMs: number, durationMs: number): boolean {
  if (transcription && (transcription.status === 'pending' || transcription.status === 'running')) return true
  return windowHasHoles(segments, ms, aheadMs, durationMs)
}

function hasEmptyText(segments: readonly Segment[], from: number, to: number): boolean {
  for (let i = Math.max(0, lastStartedIndex(segments, from)); i < segments.length; i++) {
    const s = segments[i]!
    if (s.start >= to) break
    if (s.end > from && s.text.trim() === '') return true
  }
  return false
}

/**
 * Paces on-demand window fetches: never two within `minIntervalMs` (2 s,
 * spec 000 s9); a fetch that brought nothing new doubles the wait (up to
 * `maxIntervalMs`) so a transcript that is simply not there yet is not polled
 * every two seconds for an hour; something new, or a seek, resets it.
 */
export class WindowFetchPacer {
  private lastAt = Number.NEGATIVE_INFINITY
  private interval: number
  private inFlight = false

  constructor(
    private readonly minIntervalMs: number,
    private readonly maxIntervalMs = 30_000,
  ) {
    this.interval = minIntervalMs
  }

  /** True (and marks the start of a fetch) when a fetch may go out now. */
  tryStart(now: number): boolean {
    if (this.inFlight || now - this.lastAt < this.interval) return false
    this.inFlight = true
    this.lastAt = now
    return true
  }

  finish(changed: boolean): void {
    this.inFlight = false
    this.interval = changed ? this.minIntervalMs : Math.min(this.interval * 2, this.maxIntervalMs)
  }

  /** The user moved: the next fetch only waits the minimum again. */
  reset(): void {
    this.interval = this.minIntervalMs
  }
}
