import { useCallback, useEffect, useState } from 'react'

/** Seconds left, ticking down once a second; `start(n)` (re)starts it. */
export function useCountdown() {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((n) => n - 1), 1000)
    return () => clearTimeout(id)
  }, [left])
  const start = useCallback((seconds: number) => setLeft(seconds), [])
  return { left, start }
}
