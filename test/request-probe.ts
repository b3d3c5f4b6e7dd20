/** How long the probe waits between one answer and the next request, and how often the event loop's turns are timed. */
const TICK_MS = 5

export interface ProbeResult<T> {
  result: T
  /** Each request's time from when it was due to its answer, in ms. */
  latencies: number[]
  statuses: number[]
  /**
   * The most CPU time (ms) this process's main thread spent between two
   * turns of its event loop: how long the work held it. Unlike a wall-clock
   * time it does not grow when the shared machine is busy, only when code
   * runs too long without giving the loop back.
   */
  longestHoldMs: number
}

/**
 * Asks `url` (GET, real HTTP) again and again while `work` runs, one request
 * at a time, and answers how long each took. A request's time runs from when
 * it was due, so one that could not even be sent while the event loop was
 * blocked counts that wait too. `work` is started after the first answer.
 * Meant for a server in this process (buildTestApp), whose event loop the
 * probe shares.
 */
export async function probeDuring<T>(url: string, work: () => Promise<T>): Promise<ProbeResult<T>> {
  const latencies: number[] = []
  const statuses: number[] = []
  const ask = async (due: number) => {
    const res = await fetch(url)
    await res.arrayBuffer()
    latencies.push(performance.now() - due)
    statuses.push(res.status)
  }
  await ask(performance.now())
  let longestHoldMs = 0
  let since = process.threadCpuUsage()
  const turns = setInterval(() => {
    const used = process.threadCpuUsage(since)
    longestHoldMs = Math.max(longestHoldMs, (used.user + used.system) / 1000)
    since = process.threadCpuUsage()
  }, TICK_MS)
  let settled = false
  const running = work().finally(() => void (settled = true))
  const probing = (async () => {
    while (!settled) {
      const due = performance.now() + TICK_MS
      await new Promise((resolve) => setTimeout(resolve, TICK_MS))
      await ask(due)
    }
  })()
  try {
    const [result] = await Promise.all([running, probing])
    return { result, latencies, statuses, longestHoldMs }
  } finally {
    clearInterval(turns)
  }
}
