/** The SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). */
export function pgCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code
  }
  return undefined
}

/**
 * A write that failed, told without its data. Drizzle's error carries the
 * statement's parameters in its message and `params`, the driver's may quote
 * a row in its detail, and the log takes an error's message, properties and
 * causes whole: one failed deck import wrote every card's text into it. This
 * error says what failed, for how many rows and the database's code
 * (SQLSTATE), and keeps no cause.
 */
export class WriteFailedError extends Error {
  constructor(
    what: string,
    readonly rows: number,
    readonly code: string | undefined,
  ) {
    super(`${what} failed for ${rows} rows${code ? ` (SQLSTATE ${code})` : ''}`)
    this.name = 'WriteFailedError'
  }
}
