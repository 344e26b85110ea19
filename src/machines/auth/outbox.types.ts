import type { components } from '../../api/generated/identity';
import type { Problem } from './account-helpers';

export type OutboxMessage = components['schemas']['OutboxMessage'];

export interface OutboxContext {
  /** Only messages to this address or number ('' for all). */
  recipient: string;
  messages: OutboxMessage[];
  problem: Problem | null;
}

export type OutboxEvent =
  | { type: 'outbox.filter'; recipient: string }
  | { type: 'outbox.refresh' }
  | { type: 'outbox.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface OutboxSchema {
  context: OutboxContext;
  events: OutboxEvent;
  tags: 'loading';
}
