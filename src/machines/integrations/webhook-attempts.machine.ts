import { assign, fromPromise, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { WEBHOOK_ATTEMPTS_PAGE_SIZE } from '../../lib/constants';
import { loadWebhookAttempts, sendWebhookTest, type WebhookAttempt } from '../../resources/webhooks';
import type { Page } from '../../resources/types';
import type { WebhookAttemptsSchema } from './webhook-attempts.types';

/**
 * The webhook edit screen's delivery log: a page of attempts (newest first) with their result, and "Send test
 * event", which posts a webhook.test event now and shows its first attempt; the log reloads after it.
 */
export const webhookAttemptsMachine = setup({
  types: {} as WebhookAttemptsSchema,
  actors: {
    loadAttempts: fromPromise<Page<WebhookAttempt>, { cca2: string; webhookId: number; page: number }>(
      ({ input, signal }) => loadWebhookAttempts(input.cca2, input.webhookId, input.page, WEBHOOK_ATTEMPTS_PAGE_SIZE, signal),
    ),
    sendTest: fromPromise<WebhookAttempt, { cca2: string; webhookId: number }>(({ input }) => sendWebhookTest(input.cca2, input.webhookId)),
  },
  actions: {
    setAttempts: assign((_, params: { attempts: Page<WebhookAttempt> }) => ({ attempts: params.attempts, problem: null })),
    setPage: assign((_, params: { page: number }) => ({ page: Math.max(1, params.page) })),
    setTest: assign((_, params: { attempt: WebhookAttempt }) => ({ lastTest: params.attempt, problem: null })),
    fail: assign((_, params: { error: unknown }) => ({ problem: asApiError(params.error).message })),
  },
}).createMachine({
  id: 'webhookAttempts',
  description: 'The attempt log of one webhook (paged, newest first) and "Send test event".',
  context: ({ input }) => ({ ...input, page: 1, attempts: null, lastTest: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading a page of attempts.',
      tags: ['loading'],
      invoke: {
        id: 'loadAttempts',
        src: 'loadAttempts',
        input: ({ context }) => ({ cca2: context.cca2, webhookId: context.webhookId, page: context.page }),
        onDone: { target: 'ready', actions: { type: 'setAttempts', params: ({ event }) => ({ attempts: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The log could not be loaded; "Try again".',
      on: { 'attempts.retry': 'loading' },
    },
    ready: {
      description: 'The attempts with status, HTTP status, error, duration and next retry; pages; "Send test event".',
      on: {
        'attempts.page': { target: 'loading', actions: { type: 'setPage', params: ({ event }) => ({ page: event.page }) } },
        'attempts.refresh': 'loading',
        'attempts.test': 'testing',
      },
    },
    testing: {
      description: 'The test event is being sent (the button waits for its first attempt).',
      tags: ['busy'],
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        input: ({ context }) => ({ cca2: context.cca2, webhookId: context.webhookId }),
        onDone: { target: 'loading', actions: [{ type: 'setTest', params: ({ event }) => ({ attempt: event.output }) }, { type: 'setPage', params: { page: 1 } }] },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
