// Error types only: the domain throws these, so this module imports nothing from Fastify (the handler is in error-handler.ts).

/** The one error envelope of both APIs: `{ message, errors? }` with messages per field. */
export interface ErrorEnvelope {
  message: string;
  errors?: Record<string, string[]>;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A write refused because the row is not as the caller last saw it (stale xmin, or a chart refusal): answered
 * 409 with the row as it is now beside the message, so the client can show both versions.
 */
export class ConflictError extends HttpError {
  constructor(message: string, readonly current: unknown) {
    super(409, message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });
export const notFound = (what: string) => new HttpError(404, `Not found: ${what}`);
