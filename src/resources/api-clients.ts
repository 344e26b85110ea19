import { api } from '../api';
import type { components } from '../api/generated/connect';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '../lib/constants';
import { API_CLIENT_AUTH_TYPES } from '../lib/integrations';
import { bodyOf } from './api-helpers';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef } from './types';
import { formatDate } from '../lib/date-format';

export type ApiClient = EntityRow<'api-clients'>;
export type ApiClientWithKey = components['schemas']['ApiClientWithKey'];

/** The key is answered once (create, regenerate); the add screen hands it to the edit screen through here. */
const revealedKeys = new Map<number, string>();
export function takeRevealedKey(id: number): string | undefined {
  const key = revealedKeys.get(id);
  revealedKeys.delete(id);
  return key;
}

function clientBody(values: FormValues) {
  const { clientName, companyId, isActive } = bodyOf(values);
  return {
    clientName: typeof clientName === 'string' ? clientName.trim() : '',
    companyId: typeof companyId === 'number' ? companyId : null,
    isActive: isActive !== false,
  };
}

/** API clients (000/002 section 6: administrator only): public API users and their key; list, add, edit. */
export const apiClientsResource: ResourceDef<ApiClient> = {
  id: 'apiClients',
  title: 'API Clients',
  singular: 'API client',
  routes: { list: '/api-clients', add: '/api-clients/add', edit: '/api-clients/edit/:id' },
  operations: { list: 'getapiclients', get: 'getapiclient', create: 'createapiclient', update: 'updateapiclient' },
  columns: [
    { key: 'clientName', header: 'Client name', sortKey: 'clientName' },
    { key: 'email', header: 'Email' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? '' },
    { key: 'authType', header: 'Auth type' },
    { key: 'keyPrefix', header: 'Key', text: (row) => (row.keyPrefix ? `${row.keyPrefix}_…` : '') },
    { key: 'lastUsedAt', header: 'Last used', text: (row) => formatDate(row.lastUsedAt, DATE_FORMATS.dateTime) },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'enum', name: 'authType', label: 'Auth type', options: API_CLIENT_AUTH_TYPES },
  ],
  fields: [
    { name: 'clientName', label: 'Client name', kind: 'text', required: true, maxLength: 200 },
    { name: 'email', label: 'Email', kind: 'email', required: true, maxLength: 254, createOnly: true },
    { name: 'companyId', label: 'Company', kind: 'lookup', resource: 'companies', nameField: 'companyName' },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'clientName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'ApiClients',
  createOpensEdit: true,
  label: (row) => row.clientName,
  api: resourceApi(entityCalls('api-clients'), {
    row: asIs, record: asIs, updated: asIs,
    created: (record) => {
      if (record.apiKey) revealedKeys.set(record.id, record.apiKey);
      return record;
    },
    createBody: (values) => {
      const { companyId, ...rest } = clientBody(values);
      return { ...rest, ...(companyId !== null && { companyId }), email: String(values.email ?? '').trim() };
    },
    updateBody: clientBody,
    select: 'none',
  }),
};

/** "Regenerate key": a new key (shown once); the previous one stops working. */
export async function regenerateApiClientKey(cca2: string, id: number): Promise<ApiClientWithKey> {
  const { data } = await api.connect.PUT('/api-clients/regeneratekey/{cca2}/{id}', { params: { path: { cca2, id } } });
  return data!;
}
