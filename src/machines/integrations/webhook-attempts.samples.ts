import { toApiError } from '../../api/api-error';
import type { Page } from '../../resources/types';
import type { WebhookAttempt } from '../../resources/webhooks';
import { defineSamples } from '../samples';
import { webhookAttemptsMachine } from './webhook-attempts.machine';

export const sampleWebhookAttempt: WebhookAttempt = {
  id: 41, webhookId: 7, eventId: '6f1c2e0a-1b2c-4d5e-8f90-a1b2c3d4e5f6', event: 'webhook.test', attempt: 1, statusId: 2000,
  status: 'Success', httpStatus: 200, error: null, durationMs: 38, createdAt: '2026-11-21T10:15:02Z', nextAttemptAt: null,
};

const failedAttempt: WebhookAttempt = {
  ...sampleWebhookAttempt, id: 40, event: 'delivery.updated', statusId: -2000, status: 'Failed', httpStatus: 500,
  error: 'The receiver answered 500', createdAt: '2026-11-21T10:14:00Z',
};
const pendingRetry: WebhookAttempt = {
  ...failedAttempt, id: 42, attempt: 2, statusId: 0, status: 'Unknown', httpStatus: null, error: null, durationMs: null,
  nextAttemptAt: '2026-11-21T10:14:30Z',
};

export const sampleAttemptPage: Page<WebhookAttempt> = {
  items: [pendingRetry, sampleWebhookAttempt, failedAttempt], paging: { page: 1, pageSize: 20, totalPages: 2, totalItems: 23 },
};

export const webhookAttemptsSamples = defineSamples(webhookAttemptsMachine, [{
  name: 'a webhook with attempts',
  input: { cca2: 'za', webhookId: 7 },
  events: [
    { type: 'xstate.done.actor.loadAttempts', output: sampleAttemptPage },
    { type: 'xstate.error.actor.loadAttempts', error: toApiError(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }, '/connect/webhooks/attempts/za/7') },
    { type: 'xstate.done.actor.sendTest', output: sampleWebhookAttempt },
    { type: 'xstate.error.actor.sendTest', error: toApiError(404, { message: 'Not found: webhook 7' }, '/connect/webhooks/test/za/7') },
    { type: 'attempts.page', page: 2 },
    { type: 'attempts.refresh' },
    { type: 'attempts.retry' },
    { type: 'attempts.test' },
  ],
}], 'transitions');
