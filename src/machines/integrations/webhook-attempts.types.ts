import type { WebhookAttempt } from '../../resources/webhooks';
import type { Page } from '../../resources/types';

export interface WebhookAttemptsInput {
  cca2: string;
  webhookId: number;
}

export interface WebhookAttemptsContext extends WebhookAttemptsInput {
  page: number;
  attempts: Page<WebhookAttempt> | null;
  /** The first attempt of the last test event (its result is shown beside the button). */
  lastTest: WebhookAttempt | null;
  problem: string | null;
}

export type WebhookAttemptsEvent =
  | { type: 'attempts.page'; page: number }
  | { type: 'attempts.refresh' }
  | { type: 'attempts.retry' }
  | { type: 'attempts.test' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface WebhookAttemptsSchema {
  input: WebhookAttemptsInput;
  context: WebhookAttemptsContext;
  events: WebhookAttemptsEvent;
  tags: 'loading' | 'busy';
}
