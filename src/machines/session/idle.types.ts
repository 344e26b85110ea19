/** What the tabs tell each other about the user's presence and decisions. */
export type IdleTabMessage = { type: 'activity' } | { type: 'continue' } | { type: 'logout' };

export type IdleEvent =
  /** The auth actor signed in (watching starts) or out (it stops). */
  | { type: 'idle.session.start' }
  | { type: 'idle.session.end' }
  /** The user moved, typed or scrolled in this tab (throttled). */
  | { type: 'idle.activity' }
  /** The prompt's buttons. */
  | { type: 'idle.continue' }
  | { type: 'idle.logout' }
  /** The prompt's countdown, once a second. */
  | { type: 'idle.tick'; remainingMs: number }
  /** The same, from another tab. */
  | { type: 'idle.sync.activity' }
  | { type: 'idle.sync.continue' }
  | { type: 'idle.sync.logout' };

export interface IdleContext {
  /** Time left before the timeout logs out, while the prompt is open. */
  remainingMs: number;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface IdleSchema {
  context: IdleContext;
  events: IdleEvent;
}
