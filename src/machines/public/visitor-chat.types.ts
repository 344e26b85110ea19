import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import type { VisitorChatValues } from '../../lib/visitor-chat';

export type VisitorChatMessage = components['schemas']['VisitorChatMessage'];

export interface VisitorChatInput {
  cca2: string;
  /** The token kept from earlier in this browser session (sessionStorage), if any. */
  token: string | null;
}

export type VisitorChatField = keyof VisitorChatValues;

export interface VisitorChatContext {
  cca2: string;
  token: string | null;
  values: VisitorChatValues;
  /** The spam trap: people never see it. */
  website: string;
  errors: Partial<Record<VisitorChatField, string>>;
  error: ApiError | null;
  messages: VisitorChatMessage[];
  /** What the visitor is typing in an open conversation. */
  draft: string;
}

export type VisitorChatEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'field.change'; field: VisitorChatField; value: string }
  | { type: 'website.change'; value: string }
  | { type: 'submit' }
  | { type: 'draft.change'; value: string }
  | { type: 'send' }
  /** From the chat hub's connection (visitorChatHub): subscribed, gone, a message of the conversation sent. */
  | { type: 'hub.connected' }
  | { type: 'hub.down' }
  | { type: 'hub.message'; message: VisitorChatMessage };

/** The machine's types for `setup({ types })`: one schema (context, events, input). */
export interface VisitorChatSchema {
  input: VisitorChatInput;
  context: VisitorChatContext;
  events: VisitorChatEvent;
}
