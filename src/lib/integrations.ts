import type { LiveTopic } from './realtime';

// Webhooks and API clients (issue 6). The spec names the screens, the access rule (administrator, public API
// user) and the webhook result codes (src/lib/statuses.ts WEBHOOK_RESULT_STATUS); the rest is ours and is
// documented in docs/webhooks.md.

/** What a webhook may subscribe to: delivery and job changes, each the record as the REST API answers it. */
export const WEBHOOK_EVENT_TYPES = ['delivery.updated', 'job.updated', 'task.updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent by "Send test event" only; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'delivery.updated': 'Delivery changes',
  'job.updated': 'Job changes',
  'task.updated': 'Task changes',
};

/** The live topic (server/realtime/publish.ts) each event type is fed from. */
export const WEBHOOK_EVENT_OF_TOPIC: Partial<Record<LiveTopic, WebhookEventType>> = {
  Deliveries: 'delivery.updated',
  Jobs: 'job.updated',
  JobTaskUpdates: 'task.updated',
};

/** Request headers of every webhook call. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Courier-Signature',
  event: 'X-Courier-Event',
  eventId: 'X-Courier-Event-Id',
  attempt: 'X-Courier-Attempt',
} as const;

/** A signing secret looks like `whsec_<base64url>`; lists show its first characters only. */
export const WEBHOOK_SECRET_MARK = 'whsec_';
export const WEBHOOK_SECRET_HINT_LENGTH = 10;

/** How API clients authenticate (filter authType of the catalogue). */
export const API_CLIENT_AUTH_TYPES = ['ApiKey'] as const;
export type ApiClientAuthType = (typeof API_CLIENT_AUTH_TYPES)[number];

export const INTEGRATION_TEXTS = {
  secretOnce: 'Copy the signing secret now: it is shown only once.',
  keyOnce: 'Copy the API key now: it is shown only once.',
  sendTest: 'Send test event',
  testSent: 'Test event sent.',
  attempts: 'Delivery attempts',
  noAttempts: 'No delivery attempts yet.',
  inactiveClient: 'The API client is inactive: activate it before issuing a key.',
  emailInUse: (email: string): string => `A user with the email ${email} already exists.`,
  companyRequired: 'An API user needs a company to receive its events.',
  nextAttempt: 'Next attempt',
} as const;

/** The secrets a server answers once: an API client's key, a webhook's signing secret. */
export type SecretKind = 'apiClientKey' | 'webhookSecret';

export const SECRET_TEXTS: Record<SecretKind, { label: string; note: string; issue: string; question: string }> = {
  apiClientKey: {
    label: 'API key',
    note: INTEGRATION_TEXTS.keyOnce,
    issue: 'Regenerate key',
    question: 'Issue a new key? The current key stops working at once.',
  },
  webhookSecret: {
    label: 'Signing secret',
    note: INTEGRATION_TEXTS.secretOnce,
    issue: 'Rotate secret',
    question: 'Replace the signing secret? Calls are signed with the new one at once: update your receiver.',
  },
};
