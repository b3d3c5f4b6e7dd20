/**
 * Throttled saving (spec 000 s4, s9): at most one save per `intervalMs`, one
 * at a time, always of the latest text, and a final save on leaving if edits
 * are unsaved. Framework-free so the timing can be tested with fake timers.
 */
export interface AutosaveOptions {
  intervalMs: number
  save: (text: string, final: boolean) => Promise<unknown>
  /** Saving or not: edits not yet saved, or a save in flight. */
  onPendingChange?: (pending: boolean) => void
  onError?: (error: unknown) => void
  now?: () => number
}

export function createAutosave(options: AutosaveOptions) {
  const now = options.now ?? Date.now
  let latest: string | undefined
  let saved: string | undefined
  let inFlight = false
  let lastStart = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false

  const report = () => {
    const next = inFlight || (latest !== undefined && latest !== saved)
    if (next !== pending) {
      pending = next
      options.onPendingChange?.(next)
    }
  }

  function schedule() {
    if (timer || inFlight || latest === undefined || latest === saved) return
    const wait = Math.max(0, lastStart + options.intervalMs - now())
    timer = setTimeout(run, wait)
  }

  function run() {
    timer = undefined
    if (latest === undefined || latest === saved) return report()
    const text = latest
    inFlight = true
    lastStart = now()
    report()
    options
      .save(text, false)
      .then(() => {
        saved = text
      })
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        inFlight = false
        report()
        // Edits made meanwhile go out once the interval has passed.
        schedule()
      })
  }

  return {
    /** The text as it was loaded: nothing to save yet. */
    loaded(text: string) {
      latest = text
      saved = text
      report()
    },
    change(text: string) {
      latest = text
      report()
      schedule()
    },
    get pending() {
      return pending
    },
    /** Leaving: send unsaved edits now, whatever the throttle says. */
    flush() {
      clearTimeout(timer)
      timer = undefined
      if (latest === undefined || latest === saved) return
      const text = latest
      saved = text
      options.save(text, true).catch((error: unknown) => options.onError?.(error))
    },
    dispose() {
      clearTimeout(timer)
      timer = undefined
    },
  }
}

export type Autosave = ReturnType<typeof createAutosave>
