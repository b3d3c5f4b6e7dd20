import { z } from 'zod'
import { defineRoute, idInput, intInput, MAX_ID } from './http'
import { articleRef, parseArticleRef } from './library'
import { lazySchema } from './lazy-schema'

/**
 * Shadowing: the learner records one segment of an article right
 * after the speaker; the take is scored offline by a job (forced alignment of
 * the take against the segment's words).
 */

/** A take is a short recording: MediaRecorder's Opus in WebM (Chromium) or Ogg (Firefox). */
export const SHADOW_AUDIO_TYPES = ['audio/webm', 'audio/ogg'] as const
export const SHADOW_TAKE_MAX_BYTES = 2 * 1024 * 1024
export const SHADOW_TAKE_MAX_MS = 60_000
/** Takes kept per user and segment; a newer one drops the oldest. */
export const SHADOW_TAKES_KEPT = 5

export const SHADOWING_MSG = {
  articleRequired: 'article_id is required',
  segmentStart: 'segment_start must be a whole number of milliseconds',
  segmentNotFound: 'There is no transcript segment starting there in this article.',
  takeNotFound: 'Take not found',
  takeId: 'The take id must be a positive whole number.',
  notAudio: 'The take must be audio/webm or audio/ogg audio.',
  empty: 'The take is empty.',
  tooLarge: 'The take is too large (2 MB at most).',
  tooLong: 'The take is too long (60 seconds at most).',
  unreadable: 'The take could not be read as audio.',
  setAside: 'The server stopped twice while it was scoring this take, so it was set aside. Record the sentence again to try once more.',
} as const

export const WORD_VERDICTS = ['clear', 'unclear', 'missing'] as const
export type WordVerdict = (typeof WORD_VERDICTS)[number]

/** One word of the segment as the learner said it; times in the take (ms), null when missing. */
export const takeWord = lazySchema(() => z.object({
  word: z.string(),
  verdict: z.enum(WORD_VERDICTS),
  start: z.number().nullable(),
  end: z.number().nullable(),
}))
export type TakeWord = z.infer<typeof takeWord>

export const TAKE_STATUSES = ['scoring', 'scored', 'failed'] as const

export const shadowTake = lazySchema(() => z.object({
  id: z.number().int(),
  article_id: z.number().int(),
  segment_start: z.number().int(),
  segment_end: z.number().int(),
  text: z.string(),
  status: z.enum(TAKE_STATUSES),
  /** 0..100 once scored. */
  score: z.number().nullable(),
  words: z.array(takeWord),
  /** Words per minute over the speech span: the learner's take and the speaker's segment. */
  learner_wpm: z.number().nullable(),
  speaker_wpm: z.number().nullable(),
  duration_ms: z.number().int(),
  /** Why scoring failed, when it did. */
  error: z.string().nullable(),
  /** The take's audio (cookie auth, for an <audio> element). */
  audio_url: z.string(),
  created_at: z.string(),
}))
export type ShadowTake = z.infer<typeof shadowTake>

export const SHADOW_TAKE_AUDIO_PATH = '/english_vocab/api/shadowing/takes/:id/audio'
export const shadowTakeAudioUrl = (takeId: number) => SHADOW_TAKE_AUDIO_PATH.replace(':id', String(takeId))

const queryArticleRef = lazySchema(() => z.preprocess((v) => (typeof v === 'string' ? parseArticleRef(v) : v), articleRef))
const segmentQuery = lazySchema(() => z.object({
  article_id: queryArticleRef,
  segment_start: intInput(SHADOWING_MSG.segmentStart, 0, MAX_ID),
}))

export const takeIdParams = lazySchema(() => z.object({ id: idInput(SHADOWING_MSG.takeId) }))

/**
 * Upload a take: the body is the recording itself (Content-Type audio/webm or
 * audio/ogg, at most SHADOW_TAKE_MAX_BYTES); the segment is named in the query.
 * Answers at once with the take in status 'scoring'.
 */
export const uploadTake = defineRoute({
  method: 'POST',
  path: '/english_vocab/api/shadowing/takes',
  auth: 'bearer',
  query: segmentQuery,
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), take: shadowTake })),
})

/** The user's last takes of a segment, newest first. */
export const listTakes = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/shadowing/takes',
  auth: 'bearer',
  query: segmentQuery,
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), takes: z.array(shadowTake) })),
})

/** One take (the console polls it while it is scoring). */
export const getTake = defineRoute({
  method: 'GET',
  path: '/english_vocab/api/shadowing/takes/:id',
  auth: 'bearer',
  params: takeIdParams,
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok'), take: shadowTake })),
})

export const deleteTake = defineRoute({
  method: 'DELETE',
  path: '/english_vocab/api/shadowing/takes/:id',
  auth: 'bearer',
  params: takeIdParams,
  response: lazySchema(() => z.object({ success: z.literal(true), msg: z.literal('ok') })),
})
