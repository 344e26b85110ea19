import { ApiError } from '../../api/api-error';

/** 001 section 8: server errors go into the wizard's error state from the response's message. */
export function problemText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
