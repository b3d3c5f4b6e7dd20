/**
 * The one error vocabulary. Services throw these; the error handler turns
 * them into the spec's `{success:false, msg}` with the matching status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message)
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message)
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message)
  }
}
/** Also used for another user's resources: they answer 404, never 403. */
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message)
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message)
  }
}
/** An upload over the configured size limit. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message)
  }
}
export class RateLimitedError extends AppError {
  constructor(message: string) {
    super(429, message)
  }
}
/** This server lacks what the request needs (a program not installed): its message says what and how to add it. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message)
  }
}
/** A third party (SMTP, OAuth provider, a media host) failed us. */
export class UpstreamError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(502, message)
    if (options?.cause) this.cause = options.cause
  }
}
