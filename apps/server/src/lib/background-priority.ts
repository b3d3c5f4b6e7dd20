import type { ChildProcess } from 'node:child_process'
import { constants, getPriority, setPriority } from 'node:os'

/**
 * Lowers a child process's scheduling priority to "below normal" (nice 10 on Linux, as the worker pool's
 * threads run, worker-pool.ts), so that what a learner waits for right now (a take's score, a card's clip,
 * the server's own answers) gets the CPU first on a small machine while a long transcription runs. A
 * process that already ended, or a system that refuses, leaves it as it was: the work still runs, only at
 * the usual priority.
 */
export function runInBackground(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    // Never higher than it started: a server that itself runs niced keeps its children at least as low.
    setPriority(child.pid, Math.max(getPriority(child.pid), constants.priority.PRIORITY_BELOW_NORMAL))
  } catch {
    // ESRCH (it ended already) or EACCES: nothing to lower.
  }
}
