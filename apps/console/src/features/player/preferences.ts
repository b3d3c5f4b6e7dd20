import { PLAYBACK_SPEEDS } from '@lingocast/contract'
import { readStored, readStoredNumber, writeStored, type KeyValueStorage } from '../../lib/local-storage'

/**
 * What the player keeps in localStorage (spec 000 s3): the playback speed, the
 * last position per media, and the width of the left pane; and whether the
 * transcript marks new and learning words.
 */
export const SPEED_KEY = 'player_speed_setting'
export const DIVIDER_KEY = 'player_divider_width'
export const WORD_STATUS_KEY = 'player_show_word_status'
export const DEFAULT_SPEED = 1

/** Audio: one key per audio address. */
export const audioPositionKey = (address: string) => `audioPlayerPosition_${address}`
/** Video (YouTube included): the spec's key, per Video value. */
export const videoPositionKey = (video: string) => `videoPlayerPosition_${video}`

export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number]

/** The stored speed when it is one of the offered ones, else 1. */
export function readSpeed(storage?: KeyValueStorage): PlaybackSpeed {
  const n = readStoredNumber(SPEED_KEY, storage)
  return (PLAYBACK_SPEEDS as readonly number[]).includes(n ?? Number.NaN) ? (n as PlaybackSpeed) : DEFAULT_SPEED
}

export function saveSpeed(speed: number, storage?: KeyValueStorage): void {
  writeStored(SPEED_KEY, String(speed), storage)
}

/** Speed as the menu writes it: 1x, 1.25x, 0.5x. */
export const speedLabel = (speed: number) => `${speed}x`

/**
 * The position to restore when metadata loads: only a stored number below the
 * duration (spec 000 s4). Zero restores nothing, there is nothing to move.
 */
export function restorablePosition(key: string, durationSeconds: number, storage?: KeyValueStorage): number | undefined {
  const raw = readStored(key, storage)
  if (raw === null) return undefined
  // The spec stores a number; anything that JSON-parses to something else is ignored.
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined
  if (!Number.isFinite(durationSeconds) || value >= durationSeconds) return undefined
  return value
}

export function savePosition(key: string, seconds: number, storage?: KeyValueStorage): void {
  if (Number.isFinite(seconds) && seconds >= 0) writeStored(key, String(Math.round(seconds * 1000) / 1000), storage)
}

/** Marks on new and learning words: shown unless the user switched them off. */
export const readShowWordStatus = (storage?: KeyValueStorage): boolean => readStored(WORD_STATUS_KEY, storage) !== 'off'

export function saveShowWordStatus(show: boolean, storage?: KeyValueStorage): void {
  writeStored(WORD_STATUS_KEY, show ? 'on' : 'off', storage)
}
