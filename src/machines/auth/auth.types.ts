import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/identity';
import type { Permissions } from '../../lib/roles';

export type Profile = components['schemas']['Profile'];

/**
 * The public face of the auth actor (systemId 'auth'): what views send and read. The machine in
 * auth.machine.ts implements it; screens and the shell depend only on this file.
 */
export type AuthEvent =
  | { type: 'auth.login'; email: string; password: string }
  | { type: 'auth.register'; email: string; password: string; firstName: string; lastName: string; phoneNumber?: string }
  | { type: 'auth.twoFactor.verify'; code: string }
  | { type: 'auth.twoFactor.resend' }
  | { type: 'auth.external.start'; provider: string }
  | { type: 'auth.external.complete'; provider: string; callbackUrl: string }
  | { type: 'auth.passkey.login' }
  | { type: 'auth.logout' }
  | { type: 'auth.impersonate'; userId: number }
  | { type: 'auth.impersonation.stop' }
  /** After email/phone verification or two-factor enable/disable: refresh token and profile. */
  | { type: 'auth.reload' }
  /** A 401 answer: the session is gone. */
  | { type: 'auth.unauthorized' }
  /** A 440 answer: session expired; no dialog, tokens cleared, the session-error screen until the page reloads. */
  | { type: 'auth.sessionExpired' }
  /** Leaves the sign-in form's error and two-factor step (navigating away, "Back"). */
  | { type: 'auth.reset' }
  /** From the API clients: a request needs a fresh token (the current one is near expiry). */
  | { type: 'auth.token.expiring' }
  /** From another tab: it refreshed or signed in; adopt its access token. */
  | { type: 'auth.sync.token'; token: string }
  /** From another tab: it logged out. */
  | { type: 'auth.sync.logout' }
  /** From another tab: it stopped impersonating; restore the main login from the cookie. */
  | { type: 'auth.sync.restore' };

export interface AuthContext {
  /** Access token, in memory only. */
  accessToken: string | null;
  /** Decoded from the access token; null while signed out. */
  permissions: Permissions | null;
  profile: Profile | null;
  twoFactorHash: string | null;
  /** The server's message with twoFactorHash ("a code was sent ..."). */
  twoFactorMessage: string | null;
  leadEmailTaken: boolean;
  /** The last failed sign-in step's error, shown on the form. */
  error: ApiError | null;
  /** The two-factor step's "a new code has been sent" notice. */
  codeResent: boolean;
}

/** What the auth actor tells the API bridge after a refresh the clients were waiting for. */
export type TokenOutcome = { type: 'token.ready'; token: string | undefined } | { type: 'token.failed'; error: ApiError };

/** The auth machine's types for `setup({ types })`: one schema (context, events, tags). */
export interface AuthSchema {
  context: AuthContext;
  events: AuthEvent;
  /** endingSession: the client itself is ending this session (stopping an impersonation): live session watchers let go first. */
  tags: 'restoring' | 'busy' | 'endingSession';
}
