import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../lib/integrations';
import { WEBHOOK_RESULT_STATUS_LABELS } from '../lib/statuses';
import { bodyOf } from './api-helpers';
import { entityCalls, resourceApi } from './provider';
import type { FormValues, Page, ResourceDef } from './types';

/** A webhook as the screens use it: the contract's row plus one Yes/No per event type (the form's checkboxes). */
export type WebhookRow = components['schemas']['Webhook'] & Record<WebhookEventType, boolean>;
export type WebhookAttempt = components['schemas']['WebhookAttempt'];

/** One flag per event type; a new type in WEBHOOK_EVENT_TYPES must be added here (the type says so). */
export const withEventFlags = (row: components['schemas']['Webhook']): WebhookRow => ({
  ...row,
  'delivery.updated': row.eventTypes.includes('delivery.updated'),
  'job.updated': row.eventTypes.includes('job.updated'),
  'task.updated': row.eventTypes.includes('task.updated'),
});

/** The contract's body from the form: the event checkboxes become eventTypes. */
export function webhookBody(values: FormValues) {
  const { url, description, companyId, isActive } = bodyOf(values);
  return {
    url: typeof url === 'string' ? url.trim() : '',
    description: typeof description === 'string' ? description : null,
    // Blank: every company (administrators) or the API user's own.
    companyId: typeof companyId === 'number' ? companyId : null,
    isActive: isActive !== false,
    eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => values[type] === true),
  };
}

/**
 * The signing secret is answered once, by the create call, and the add screen then opens the edit screen:
 * the secret waits here for that screen to take it (once), and is never stored anywhere else.
 */
const revealedSecrets = new Map<number, string>();
export function takeRevealedSecret(id: number): string | undefined {
  const secret = revealedSecrets.get(id);
  revealedSecrets.delete(id);
  return secret;
}

const STATUS_OPTIONS = Object.keys(WEBHOOK_RESULT_STATUS_LABELS);

/** Webhooks (000/002 section 2 and 6: administrator, public API user): list, add, edit, delete; no export in the spec. */
export const webhooksResource: ResourceDef<WebhookRow> = {
  id: 'webhooks',
  title: 'Webhooks',
  singular: 'webhook',
  routes: { list: '/webhooks', add: '/webhooks/add', edit: '/webhooks/edit/:id' },
  operations: { list: 'getwebhooks', get: 'getwebhook', create: 'createwebhook', update: 'updatewebhook', remove: 'deletewebhook' },
  columns: [
    { key: 'url', header: 'URL', sortKey: 'url' },
    { key: 'description', header: 'Description' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? 'All companies' },
    { key: 'eventTypes', header: 'Events', text: (row) => row.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ') },
    { key: 'lastStatus', header: 'Last result', text: (row) => row.lastStatus ?? '' },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'enum', name: 'webhookStatus', label: 'Last result', options: STATUS_OPTIONS, optionLabels: WEBHOOK_RESULT_STATUS_LABELS },
  ],
  fields: [
    { name: 'url', label: 'URL', kind: 'text', required: true, maxLength: 2000 },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 200 },
    { name: 'companyId', label: 'Company', kind: 'lookup', resource: 'companies', nameField: 'companyName' },
    ...WEBHOOK_EVENT_TYPES.map((type) => ({ name: type, label: WEBHOOK_EVENT_LABELS[type], kind: 'boolean' as const })),
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Webhooks',
  // The edit screen shows the secret (once), the attempt log and "Send test event".
  createOpensEdit: true,
  label: (row) => row.url,
  api: resourceApi(entityCalls('webhooks'), {
    row: withEventFlags, record: withEventFlags, updated: withEventFlags,
    created: (record) => {
      revealedSecrets.set(record.id, record.secret);
      return withEventFlags(record);
    },
    createBody: webhookBody,
    remove: 'each',
    select: 'none',
  }),
};

/** The attempt log of one webhook, newest first (the edit screen). */
export async function loadWebhookAttempts(cca2: string, id: number, page: number, pageSize: number, signal?: AbortSignal): Promise<Page<WebhookAttempt>> {
  const { data } = await api.connect.GET('/webhooks/attempts/{cca2}/{id}', { params: { path: { cca2, id }, query: { page, pageSize } }, signal });
  return data!;
}

/** "Send test event": answers the first attempt (retries follow like any event's). */
export async function sendWebhookTest(cca2: string, id: number): Promise<WebhookAttempt> {
  const { data } = await api.connect.POST('/webhooks/test/{cca2}/{id}', { params: { path: { cca2, id } } });
  return data!;
}

/** "Rotate secret": the webhook with its new signing secret (answered once). */
export async function rotateWebhookSecret(cca2: string, id: number) {
  const { data } = await api.connect.PUT('/webhooks/rotatesecret/{cca2}/{id}', { params: { path: { cca2, id } } });
  return data!;
}
