import { api } from '../api';
import type { components } from '../api/generated/connect';
import { MY_DELIVERIES_PAGE_SIZES } from '../lib/constants';
import { MY_DELIVERIES_TEXTS } from '../lib/my-deliveries-texts';
import type { ResourceDef } from './types';

export type MyDelivery = components['schemas']['MyDelivery'];

const readOnly = (): never => {
  throw new Error(MY_DELIVERIES_TEXTS.readOnly);
};

/**
 * A customer's own deliveries (issue 4): what /dashboard shows to whoever may not read the deliveries list
 * (getmydeliveries answers only what the caller placed). Read-only and unsorted (newest first): the list
 * machine pages it through the URL and reloads it after a reconnect; the view (src/features/dashboard/
 * MyDeliveries.tsx) draws the rows with the portal's time zone and currency.
 */
export const myDeliveriesResource: ResourceDef<MyDelivery> = {
  id: 'myDeliveries',
  title: MY_DELIVERIES_TEXTS.title,
  singular: 'delivery',
  routes: { list: '/dashboard', edit: '/dashboard' },
  operations: { list: 'getmydeliveries', get: 'getmydeliveries', update: 'getmydeliveries' },
  columns: [],
  // Issue 21: expired and cancelled quotes are hidden unless this is set (through the URL, like every filter).
  filters: [{ kind: 'boolean', name: 'showExpired', label: MY_DELIVERIES_TEXTS.showExpired }],
  fields: [],
  defaultSort: 'createdAt',
  pageSizes: MY_DELIVERIES_PAGE_SIZES,
  exportName: MY_DELIVERIES_TEXTS.title,
  createOpensEdit: false,
  label: (row) => row.waybill ?? `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/deliveries/{cca2}/mine', {
        params: { path: { cca2 }, query: { page: params.page, pageSize: params.pageSize, ...(params.filters.showExpired === 'true' && { showExpired: true }) } }, signal,
      });
      if (!data) throw new Error('The server answered without a body');
      return data;
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};

/** The receipt of a paid delivery (issue 21): the PDF the server renders, scoped to the caller. */
export async function fetchReceipt(cca2: string, id: number): Promise<Blob> {
  const { data } = await api.connect.GET('/deliveries/receipt/{cca2}/{id}', { params: { path: { cca2, id } }, parseAs: 'blob' });
  if (!data) throw new Error('The server answered without a receipt');
  return data;
}
