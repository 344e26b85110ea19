import type { WebNotification } from './operations.api';

export interface WebNotificationsInput {
  cca2: string;
}

export interface WebNotificationsContext {
  cca2: string;
  /** The page shown (default 1). */
  page: number;
  data: WebNotification[];
  totalPages: number;
  totalItemCount: number;
  unread: number;
  /** The notification being marked as read. */
  marking: number | null;
  /** Ids that arrived over the hub since the last load (a repeat is counted once). */
  receivedIds: number[];
}

export type WebNotificationsEvent =
  | { type: 'notifications.page'; page: number }
  | { type: 'notifications.markRead'; id: number }
  | { type: 'notifications.retry' }
  /** A new notification from the hub (the caller's own, 002 section 7). */
  | { type: 'notifications.received'; notification: WebNotification }
  | { type: 'connection.reconnected' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface WebNotificationsSchema {
  input: WebNotificationsInput;
  context: WebNotificationsContext;
  events: WebNotificationsEvent;
}
