/** m:ss with seconds zero-padded; '0:00' for a missing, non-numeric or negative duration (spec 000 s5). */
export function formatDuration(seconds: unknown): string {
  const n = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return '0:00'
  const whole = Math.floor(n)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}
