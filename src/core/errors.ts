/** Typed domain and HTTP errors; the single error handler maps them to status codes. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Admin access required') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}
/** 429 with the spec's words; the error handler sends `Retry-After: retryAfterSeconds`. */
export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'Too many requests');
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message = 'Service temporarily unavailable') {
    super(503, message);
  }
}

/** Raised by an event store when expectedVersion does not match; nothing was written. */
export class WrongExpectedVersionError extends ConflictError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Concurrent modification of ${streamId}: expected version ${String(expected)}, actual ${actual}`);
  }
}

export type ExpectedVersion = number | 'any' | 'no_stream' | 'stream_exists';

/** Throws WrongExpectedVersionError unless a stream at version `current` (-1: none) satisfies `expected`. */
export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, current: number): void {
  const ok = expected === 'any' || (expected === 'no_stream' && current === -1) || (expected === 'stream_exists' && current >= 0) || expected === current;
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, current);
}
