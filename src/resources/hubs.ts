import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { bodyOf } from './api-helpers';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { FormValues, ResourceDef, SelectOption } from './types';

export type FleetHub = EntityRow<'hubs'>;
export type FleetHubDetail = components['schemas']['FleetHubDetail'];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The form value of the address select: the chosen option as JSON (form values are plain text). */
export const HUB_ADDRESS_FIELD = 'address';
export const addressValue = (option: SelectOption): string => JSON.stringify({ placeId: option.key, description: option.value });

/** The body: a chosen address goes as {placeId, description} (the server resolves it); none keeps the current one. */
function hubBody(values: FormValues) {
  const { [HUB_ADDRESS_FIELD]: address, ...rest } = values;
  const body = bodyOf(rest);
  return typeof address === 'string' && address ? { ...body, address: JSON.parse(address) } : body;
}

/**
 * Hubs (000 sections 2 and 6: administrator only): the depots Standard deliveries pass through. List, add and
 * edit (the address through the shared searchable select over the address contract), and the hub's own page
 * /hubs/:id (src/features/fleet/HubDetailPage.tsx). No delete: deliveries refer to hubs; deactivate instead.
 */
export const hubsResource: ResourceDef<FleetHub> = {
  id: 'hubs',
  title: 'Hubs',
  singular: 'hub',
  routes: { list: '/hubs', add: '/hubs/add', edit: '/hubs/edit/:id' },
  operations: { list: 'gethubs', get: 'gethub', create: 'createhub', update: 'updatehub' },
  columns: [
    { key: 'hubName', header: 'Hub name', sortKey: 'hubName' },
    { key: 'contactName', header: 'Contact name' },
    { key: 'phoneNumber', header: 'Phone number' },
    { key: 'address', header: 'Address', text: (row) => row.address.description },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => yesNo(row.isActive) },
  ],
  filters: [{ kind: 'boolean', name: 'isActive', label: 'Active' }],
  fields: [
    { name: 'hubName', label: 'Hub name', kind: 'text', required: true, maxLength: 100 },
    { name: 'contactName', label: 'Contact name', kind: 'text', required: true, maxLength: 200 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'phone', required: true, maxLength: 40 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'hubName',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Hubs',
  createOpensEdit: true,
  label: (row) => row.hubName,
  api: resourceApi(entityCalls('hubs'), { row: asIs, record: asIs, created: asIs, updated: asIs, createBody: hubBody }),
};
