import { DELIVERY_ADMIN_TEXTS } from '../lib/deliveries-admin';
import { deliveriesResource, type DeliveryAdmin } from './deliveries';
import { asIs, entityCalls, resourceApi } from './provider';
import type { ResourceApi, ResourceDef } from './types';

/** The archive's own list and export; get and update are the deliveries' (/deliveries/{cca2}/{id}). */
const pick = (api: ResourceApi<DeliveryAdmin>, ...names: ('list' | 'exportFile')[]) => ({
  list: api.list,
  exportFile: names.includes('exportFile') ? api.exportFile : undefined,
});

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
    ...pick(resourceApi(entityCalls('deliveries/archive'), { row: asIs, exportable: true }), 'list', 'exportFile'),
    remove: undefined,
  },
};
