import type { ApiError } from './api-error';

/**
 * The bridge between the typed clients and the auth actor. The access token lives here, in memory only
 * (never in storage). While an auth actor is connected, every request asks it for the token (the actor
 * refreshes first when the token is about to expire) and 401/440 answers are reported back to it.
 */
export interface SessionHooks {
  /** The token to send; waits for a refresh when the current one is near expiry. */
  provideToken(): Promise<string | undefined>;
  /** A 401 answer: the session is gone. */
  onUnauthorized(error: ApiError): void;
  /** A 440 answer: the session expired. */
  onSessionExpired(error: ApiError): void;
}

let accessToken: string | undefined;
let hooks: SessionHooks | undefined;

/** The auth actor keeps the access token here, in memory only. */
export function setAccessToken(token: string | undefined): void {
  accessToken = token;
}

/** The current access token as it is, without waiting for a refresh. */
export function currentAccessToken(): string | undefined {
  return accessToken;
}

/** Connects the auth actor; returns how to disconnect it (only if it is still the connected one). */
export function connectSession(next: SessionHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = undefined;
  };
}

/** What the clients' middleware awaits before each (non-session) request. */
export function sessionAccessToken(): Promise<string | undefined> | string | undefined {
  return hooks ? hooks.provideToken() : accessToken;
}

/** What the clients' middleware calls on a 401 or 440 answer to a (non-session) request. */
export function reportSessionError(error: ApiError): void {
  if (error.sessionExpired) hooks?.onSessionExpired(error);
  else if (error.status === 401) hooks?.onUnauthorized(error);
}
