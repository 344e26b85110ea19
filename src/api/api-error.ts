import { ERROR_TEXTS, SESSION_EXPIRED_STATUS, statusTitle } from '../lib/http-error-texts';

/**
 * A failed call, already mapped to the error catalogue of 000 section 8. Actors receive it as the error of
 * an invoked call; views show `title` and `message` (and `detail` when present).
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server gave no response. */
    readonly status: number,
    message: string,
    readonly title: string,
    readonly errors: Record<string, string[]> | undefined,
    readonly detail: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No response: the connection error flag of the catalogue. */
  get connectionError(): boolean {
    return this.status === 0;
  }

  /** 440: the session expired; no dialog, tokens cleared, session error flag set. */
  get sessionExpired(): boolean {
    return this.status === SESSION_EXPIRED_STATUS;
  }

  /** 401 and 440 clear the session. */
  get clearsSession(): boolean {
    return this.status === 401 || this.sessionExpired;
  }

  /** Whether the global error dialog shows this error (never for 440). */
  get showsDialog(): boolean {
    return !this.sessionExpired;
  }
}

interface ServerEnvelope {
  message?: unknown;
  errors?: unknown;
}

function envelopeOf(body: unknown): ServerEnvelope | undefined {
  return body && typeof body === 'object' ? (body as ServerEnvelope) : undefined;
}

/** Maps a failed response to the catalogue; `body` is the parsed JSON or text, undefined when empty. */
export function toApiError(status: number, body: unknown, url: string): ApiError {
  const envelope = envelopeOf(body);
  const serverMessage = typeof envelope?.message === 'string' && envelope.message ? envelope.message
    : typeof body === 'string' && body ? body : undefined;
  const errors = envelope?.errors && typeof envelope.errors === 'object' ? (envelope.errors as Record<string, string[]>) : undefined;
  const title = statusTitle(status);
  switch (status) {
    case 404:
      return new ApiError(status, serverMessage ?? ERROR_TEXTS.notFound(url), title, errors, undefined);
    case 500:
      return new ApiError(status, ERROR_TEXTS.serverError, title, errors, serverMessage ? ERROR_TEXTS.errorCode(serverMessage) : undefined);
    case 401:
      return new ApiError(status, serverMessage ?? ERROR_TEXTS.unauthorized, title, errors, undefined);
    case 403:
      return new ApiError(status, serverMessage ?? ERROR_TEXTS.forbidden, title, errors, undefined);
    case 413:
      return new ApiError(status, ERROR_TEXTS.imageTooLarge, title, errors, undefined);
    case SESSION_EXPIRED_STATUS:
      return new ApiError(status, '', title, undefined, undefined);
    default:
      return new ApiError(status, serverMessage ?? title, title, errors, undefined);
  }
}

export function noResponseError(): ApiError {
  return new ApiError(0, ERROR_TEXTS.noResponse, statusTitle(0), undefined, undefined);
}

/** Whatever an invoked call threw, as an ApiError (a thrown Error keeps its message). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error), statusTitle(0), undefined, undefined);
}
