import { z } from 'zod'
import { defineRoute, intInput } from './http'
import { lazySchema } from './lazy-schema'

/**
 * A word and when it is spoken, in milliseconds from the start of the media. Beyond the spec:
 * `uncertain` (only when true) marks a word of the publisher's transcript that was not found in the
 * audio (a cue past the end of the recording, of no length, of words nobody says): it is kept, placed
 * near its cue, and its time is a guess.
 */
export const wordTimestamp = lazySchema(() => z.object({ word: z.string(), start: z.number(), end: z.number(), uncertain: z.literal(true).optional() }))
export type WordTimestamp = z.infer<typeof wordTimestamp>

/** Segment entity (spec 000 s3): start and end in ms, text, word timings. */
export const segment = lazySchema(() => z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  word_timestamps: z.array(wordTimestamp),
}))
export type Segment = z.infer<typeof segment>

/**
 * How far the transcript of a media address is (beyond the spec: the player
 * shows "Waiting: 1 episode ahead, about 40 s" or "Transcribing: 40 %" instead of an empty panel). 'aligned': known
 * text timed word by word; 'transcribed': Whisper or a transcription API;
 * 'recognised': pocketsphinx free recognition, low confidence.
 */
export const transcriptionStatus = lazySchema(() => z.object({
  status: z.enum(['none', 'pending', 'running', 'done', 'failed']),
  progress: z.number(),
  confidence: z.enum(['aligned', 'transcribed', 'recognised']),
  /**
   * Only when the known text did not fit the audio somewhere (another
   * episode's text, a summary): those spans, in ms, whose words were
   * recognised from the speech instead.
   */
  unmatched: z.array(z.object({ start: z.number(), end: z.number() })).optional(),
  /**
   * Only while the transcript's job waits for a transcription slot (status 'pending', also when
   * part of it is done and its job was handed back to a more urgent one): `ahead` is how many
   * transcripts go first (running now, or queued before it); `wait_seconds`, when the length of each
   * of them is known, an estimate of the wait until this one starts, from that audio and the speed
   * of recent transcriptions. While the job runs, status is 'running' and `progress` says how far.
   */
  waiting: z.object({ ahead: z.number().int().min(0), wait_seconds: z.number().int().min(0).optional() }).optional(),
  /**
   * Only when this server lacks a tool the transcript needs (TRANSCRIPT_NOTICE has the words):
   * 'word_timing_off', the known text is shown with its cue times (no pocketsphinx to time each
   * word; confidence stays 'aligned': the words are the publisher's); 'recognition_unavailable',
   * the media came without a transcript and nothing here can recognise one (status 'failed').
   * Also 'set_aside' (status 'failed'): making this transcript stopped the server twice, so it
   * was set aside and is not started again by itself.
   */
  notice: z.enum(['word_timing_off', 'recognition_unavailable', 'set_aside']).optional(),
}))
export type TranscriptionStatus = z.infer<typeof transcriptionStatus>

/** What the player says when this server cannot do part of a transcript, or set one aside that stopped it. */
export const TRANSCRIPT_NOTICE = {
  word_timing_off: 'Word timing is off on this server: pocketsphinx is not installed. The transcript is shown with its cue times.',
  recognition_unavailable:
    'This server cannot make a transcript of this recording: it came without one, and no recogniser is installed here (pocketsphinx, a Whisper model or a transcription API).',
  set_aside:
    'The server stopped twice while it was making this transcript, so it was set aside and the other transcripts went on. You can still listen to the recording. To get a transcript, upload a copy of the file, or ask whoever runs this server to look at its log.',
} as const satisfies Record<NonNullable<TranscriptionStatus['notice']>, string>

const mediaAddress = lazySchema(() => z.string({ error: 'audio_url is required' }).trim().min(1, 'audio_url is required').max(2048))

export const getSpeechSegments = defineRoute({
  method: 'GET',
  path: '/media-proxy/get_speech_segments',
  auth: 'bearer',
  query: lazySchema(() => z.object({ audio_url: mediaAddress })),
  response: lazySchema(() => z.object({ success: z.literal(true), segments: z.array(segment), transcription: transcriptionStatus.optional() })),
})

/** Sent when an article with media loads: queues its transcript once per address (spec 000 s7). */
export const parseMedia = defineRoute({
  method: 'POST',
  path: '/media-proxy/parse_media',
  auth: 'bearer',
  bodyEncoding: 'json',
  body: lazySchema(() => z.object({ audio_url: mediaAddress })),
  response: lazySchema(() => z.object({ success: z.literal(true), transcription: transcriptionStatus })),
})

/** Segments around a play position: the window the player needs next (spec 000 s9: 30 s ahead). */
export const getTranscriptWindow = defineRoute({
  method: 'GET',
  path: '/media-proxy/transcript',
  auth: 'bearer',
  query: lazySchema(() => z.object({
    audio_url: mediaAddress,
    play_pos: intInput('play_pos must be a whole number of milliseconds', 0, 1e9),
  })),
  response: lazySchema(() => z.object({ success: z.literal(true), segments: z.array(segment), transcription: transcriptionStatus.optional() })),
})

export const TRANSCRIPT_WINDOW_AHEAD_MS = 30_000
export const TRANSCRIPT_WINDOW_BEHIND_MS = 5_000

/** Query of the media stream (not a fetch call: the src of <audio>/<video>). */
export const proxyMediaQuery = lazySchema(() => z.object({ resource_addr: z.string({ error: 'resource_addr is required' }).trim().min(1).max(2048) }))
export const PROXY_MEDIA_PATH = '/media-proxy/proxy_media'

/** Image routes (spec 000 s7): stored files, video frames, and remote images resized. */
export const STORAGE_JUMP_PREFIX = '/storage/api/jump'
export const STORAGE_THUMBNAIL_PREFIX = '/storage/api/thumbnail'
export const THUMBNAIL_IMAGE_PATH = '/media-proxy/thumbnail-image'
export const thumbnailImageQuery = lazySchema(() => z.object({
  size: intInput('size must be 32 to 1024', 32, 1024).default(180),
  address: z.string({ error: 'address is required' }).trim().min(1, 'address is required').max(2048),
}))
