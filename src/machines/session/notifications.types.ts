import type { ApiError } from '../../api/api-error';

export type NotificationsEvent =
  /** A failed call: the global error dialog (never for 440); no response at all: the connection-error screen. */
  | { type: 'notify.error'; error: ApiError }
  /** A success toast, with one of SUCCESS_TEXTS. */
  | { type: 'notify.success'; text: string }
  /** The user closed the error dialog. */
  | { type: 'notify.dismiss' }
  /** The toaster has taken this success text. */
  | { type: 'notify.toastShown'; text: string };

export interface NotificationsContext {
  /** Errors waiting for the dialog, the one shown first. */
  errors: ApiError[];
  /** Success texts not yet handed to the toaster; the same text waiting twice is shown once. */
  toasts: string[];
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface NotificationsSchema {
  context: NotificationsContext;
  events: NotificationsEvent;
}
