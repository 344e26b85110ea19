import { api } from '../api';
import { DELIVERY_ADMIN_TEXTS } from '../lib/deliveries-admin';
import { deliveriesResource, type DeliveryAdmin } from './deliveries';
import { toApiQuery } from './query';
import type { Page, ResourceDef } from './types';

/**
 * The archive of deliveries (000 section 2 "Archives: deliveries"): the deliveries list's columns, filters and
 * export, read-only — a final logistic status and a delivery date older than DELIVERY_ARCHIVE_AFTER_DAYS (the
 * server decides). No create, no bulk actions; a row opens the delivery's own screen.
 */
export const archivedDeliveriesResource: ResourceDef<DeliveryAdmin> = {
  ...deliveriesResource,
  id: 'archivedDeliveries',
  title: DELIVERY_ADMIN_TEXTS.archiveTitle,
  routes: { list: '/archives/deliveries', edit: '/deliveries/edit/:id' },
  operations: { list: 'getarchiveddeliveries', get: 'getdelivery', update: 'updatedelivery' },
  pageSizeStorageKey: undefined,
  exportName: DELIVERY_ADMIN_TEXTS.archiveExportName,
  bulkActions: undefined,
  deletedText: undefined,
  api: {
    ...deliveriesResource.api,
    async list(cca2, params, signal) {
      const { data } = await api.connect.GET('/deliveries/archive/{cca2}', { params: { path: { cca2 }, query: toApiQuery(params) as never }, signal });
      return data as Page<DeliveryAdmin>;
    },
    remove: undefined,
    async exportFile(cca2, params, signal) {
      const { response } = await api.connect.GET('/deliveries/archive/{cca2}', {
        params: { path: { cca2 }, query: { ...toApiQuery({ ...params, page: 1 }), exportExcel: true } as never }, parseAs: 'stream', signal,
      });
      return response;
    },
  },
};
