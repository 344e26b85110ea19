import type { ApiError } from '../../api/api-error';
import type { ContactValues } from '../../lib/contact';

export interface ContactInput {
  cca2: string;
}

export type ContactField = keyof ContactValues;

export interface ContactContext {
  cca2: string;
  values: ContactValues;
  /** The spam trap: people never see it, so it stays empty unless a bot fills it. */
  website: string;
  /** The first problem of each field, from the shared checks or the server's 400. */
  errors: Partial<Record<ContactField, string>>;
  /** A refusal that names no field (429, the server down). */
  error: ApiError | null;
  /** The server's acknowledgement once sent. */
  received: string | null;
}

export type ContactEvent =
  | { type: 'field.change'; field: ContactField; value: string }
  | { type: 'website.change'; value: string }
  | { type: 'submit' }
  | { type: 'again' };

/** The machine's types for `setup({ types })`: one schema (context, events, input). */
export interface ContactSchema {
  input: ContactInput;
  context: ContactContext;
  events: ContactEvent;
}
