import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type Conversation = components['schemas']['Conversation'];
export type ConversationMessage = components['schemas']['ConversationMessage'];

export interface MessagingInput {
  cca2: string;
  /** The signed-in user (their own messages neither count as unread nor ring). */
  userId: number;
  muted?: boolean;
}

export interface MessagingContext {
  cca2: string;
  userId: number;
  conversations: Conversation[];
  unreadTotal: number;
  /** The driver whose conversation is open, with its messages. */
  driverId: number | null;
  /** Or the chat widget visitor's conversation that is open (issue 19). */
  visitorConversationId: number | null;
  driverName: string;
  messages: ConversationMessage[];
  draft: string;
  muted: boolean;
  error: ApiError | null;
}

export type MessagingEvent =
  | { type: 'messaging.open'; driverId: number }
  /** Opens a chat widget visitor's conversation (issue 19): answered by email and live. */
  | { type: 'messaging.openVisitor'; conversationId: number }
  | { type: 'messaging.close' }
  | { type: 'messaging.draft'; text: string }
  | { type: 'messaging.send' }
  | { type: 'messaging.retry' }
  /** The dashboard's mute (the notification sound) changed. */
  | { type: 'messaging.muted'; muted: boolean }
  /** A message over the dashboard hub's Messages topic. */
  | { type: 'messaging.received'; message: ConversationMessage }
  | { type: 'connection.reconnected' };

/** Which conversation is open: a driver's, or a visitor's. */
export interface OpenConversation {
  cca2: string;
  driverId: number | null;
  visitorConversationId: number | null;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface MessagingSchema {
  input: MessagingInput;
  context: MessagingContext;
  events: MessagingEvent;
}
