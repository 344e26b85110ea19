export type ConnectionEvent =
  /** The auth actor signed in (connect) or out (disconnect). */
  | { type: 'connection.session.start' }
  | { type: 'connection.session.end' }
  /** The banner's "Reconnect now": skip the rest of the countdown. */
  | { type: 'connection.retryNow' };

/** Emitted after every reconnect (not the first connect): list actors reload over REST, since messages are at most once. */
export type ConnectionEmitted = { type: 'connection.reconnected' };

export interface ConnectionContext {
  /** Failed attempts since the connection was last up. */
  attempts: number;
  /** Time left before the next attempt, while the banner counts down. */
  remainingMs: number;
  /** Whether it has been connected in this session: the next connect is a reconnect. */
  wasConnected: boolean;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ConnectionSchema {
  context: ConnectionContext;
  events: ConnectionEvent;
  emitted: ConnectionEmitted;
}
