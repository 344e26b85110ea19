import type { IdentityUpdate } from '../../lib/realtime';

export interface IdentityLiveContext {
  /** Failed connects in a row (the wait before the next grows up to a limit). */
  attempts: number;
  /** The last update heard (shown nowhere; kept for the flows page). */
  last: IdentityUpdate | null;
}

export type IdentityLiveEvent =
  /** From the auth actor: someone signed in / signed out. */
  | { type: 'identity.session.start' }
  | { type: 'identity.session.end' }
  /** From the hub: an update of the signed-in user's identity (reloadProfile, refreshToken, revoked). */
  | { type: 'identity.update'; update: IdentityUpdate };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface IdentityLiveSchema {
  context: IdentityLiveContext;
  events: IdentityLiveEvent;
}
