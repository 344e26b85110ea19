import { api } from '../api';
import type { components } from '../api/generated/connect';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS, SLA_TYPES } from '../lib/list-constants';
import { STORAGE_KEYS } from '../lib/shell-constants';
import { DELIVERY_ADMIN_TEXTS } from '../lib/deliveries-admin';
import { toApiQuery } from './query';
import { LOGISTIC_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../lib/statuses';
import { deleteSelected } from './bulk';
import { asIs, entityCalls, resourceApi, type EntityRecord, type EntityRow } from './provider';
import type { ResourceDef } from './types';
import { formatDate } from '../lib/date-format';

export type DeliveryAdmin = EntityRow<'deliveries'>;
export type DeliveryAdminDetail = EntityRecord<'deliveries'>;
export type DeliveryProofPack = components['schemas']['DeliveryProofPack'];

/** The proof pack of a delivery (each completed drop-off's signature, photos, scans, code check, times, position). */
export async function fetchDeliveryProof({ cca2, id }: { cca2: string; id: number }, signal?: AbortSignal): Promise<DeliveryProofPack> {
  const { data } = await api.connect.GET('/deliveries/proof/{cca2}/{id}', { params: { path: { cca2, id } }, signal });
  if (!data) throw new Error('The server answered without the proof of delivery');
  return data;
}

/** The same proof pack as a PDF. */
export async function fetchDeliveryProofPdf(cca2: string, id: number): Promise<Blob> {
  const { data } = await api.connect.GET('/deliveries/proof/{cca2}/{id}/pdf', { params: { path: { cca2, id } }, parseAs: 'blob' });
  if (!data) throw new Error('The server answered without the proof of delivery');
  return data;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const codes = (labels: Record<number, string>) => Object.keys(labels).sort((a, b) => Number(a) - Number(b));
const labelsOf = (labels: Record<number, string>) => Object.fromEntries(Object.entries(labels));

/** Lot number as the edit screen and list show it: N/A when 0 or less. */
export const lotNumberText = (lotNumber: number): string => (lotNumber > 0 ? String(lotNumber) : DELIVERY_ADMIN_TEXTS.notApplicable);

/**
 * Deliveries (000 section 2, 002 sections 2, 3, 7): the list with the catalogue's delivery filters, search and
 * export "Deliveries"; the add screen is booking's wizard; the edit screen is src/features/deliveries.
 */
const deliveryCalls = entityCalls('deliveries');

export const deliveriesResource: ResourceDef<DeliveryAdmin> = {
  id: 'deliveries',
  title: 'Deliveries',
  singular: 'delivery',
  routes: { list: '/deliveries', add: '/deliveries/add', edit: '/deliveries/edit/:id' },
  operations: { list: 'getdeliveries', get: 'getdelivery', create: 'createquotes', update: 'updatedelivery', remove: 'deletedeliveries' },
  columns: [
    { key: 'waybill', header: 'Waybill', text: (row) => row.waybill ?? '' },
    { key: 'orderReference', header: 'Order reference', text: (row) => row.orderReference ?? '' },
    { key: 'companyName', header: 'Company', text: (row) => row.companyName ?? '' },
    { key: 'storeName', header: 'Store', text: (row) => row.storeName ?? '' },
    { key: 'logisticStatus', header: 'Status', sortKey: 'logisticStatusId' },
    { key: 'paymentStatus', header: 'Payment', sortKey: 'paymentStatusId' },
    { key: 'readyForCollectionDate', header: 'Delivery date', sortKey: 'readyForCollectionDate' },
    { key: 'distanceKm', header: 'Distance (km)', sortKey: 'distanceKm', text: (row) => String(row.distanceKm) },
    { key: 'lotNumber', header: 'Lot number', text: (row) => lotNumberText(row.lotNumber) },
    { key: 'isReturnToSender', header: 'Return to sender', text: (row) => yesNo(row.isReturnToSender) },
    { key: 'createdAt', header: 'Created', sortKey: 'createdAt', text: (row) => formatDate(row.createdAt, DATE_FORMATS.dateTime) },
  ],
  filters: [
    { kind: 'enum', name: 'logisticstatuses', label: 'Logistic status', options: codes(LOGISTIC_STATUS_LABELS), optionLabels: labelsOf(LOGISTIC_STATUS_LABELS) },
    { kind: 'enum', name: 'paymentStatuses', label: 'Payment status', options: codes(PAYMENT_STATUS_LABELS), optionLabels: labelsOf(PAYMENT_STATUS_LABELS) },
    { kind: 'enum', name: 'slaType', label: 'SLA type', options: SLA_TYPES },
    { kind: 'lookup', name: 'companyid', label: 'Company', resource: 'companies', excludeName: 'excludecompanyid' },
    { kind: 'lookup', name: 'storeid', label: 'Store', resource: 'stores', excludeName: 'excludestoreid' },
    { kind: 'boolean', name: 'isReturnToSender', label: 'Return to sender' },
    { kind: 'boolean', name: 'isRoundTrip', label: 'Round trip' },
    { kind: 'boolean', name: 'isHighRisk', label: 'High risk' },
    { kind: 'date', name: 'startDate', label: 'From' },
    { kind: 'date', name: 'endDate', label: 'To' },
    { kind: 'range', name: 'distance', label: 'Distance (km)', min: 0 },
    { kind: 'range', name: 'price', label: 'Price excl', min: 0 },
  ],
  fields: [
    { name: 'orderReference', label: 'Order reference', kind: 'text', maxLength: 100 },
    { name: 'customerIdentifier', label: 'Customer identifier', kind: 'text', maxLength: 100 },
    { name: 'originContactName', label: 'Pick-up contact name', kind: 'text', maxLength: 200 },
    { name: 'originPhoneNumber', label: 'Pick-up phone number', kind: 'phone', maxLength: 30 },
    { name: 'originEmail', label: 'Pick-up email', kind: 'email', maxLength: 254 },
    { name: 'destinationContactName', label: 'Drop-off contact name', kind: 'text', maxLength: 200 },
    { name: 'destinationPhoneNumber', label: 'Drop-off phone number', kind: 'phone', maxLength: 30 },
    { name: 'destinationEmail', label: 'Drop-off email', kind: 'email', maxLength: 254 },
  ],
  defaultSort: 'createdAt',
  pageSizes: PAGE_SIZE_OPTIONS,
  pageSizeStorageKey: STORAGE_KEYS.deliveriesPageSize,
  exportName: DELIVERY_ADMIN_TEXTS.exportName,
  createOpensEdit: true,
  deletedText: DELIVERY_ADMIN_TEXTS.deletedDeliveries,
  bulkActions: [
    deleteSelected({
      operation: 'deletedeliveries', singular: 'delivery', pluralName: 'deliveries', doneText: DELIVERY_ADMIN_TEXTS.deletedDeliveries,
      remove: (cca2, ids) => deliveriesResource.api.remove!(cca2, ids), delayedReload: true,
    }),
    {
      id: 'deliveryDate',
      label: DELIVERY_ADMIN_TEXTS.bulkDateTitle,
      operation: 'bulkUpdateDeliveryDate',
      question: DELIVERY_ADMIN_TEXTS.bulkDateQuestion,
      input: { kind: 'date', label: DELIVERY_ADMIN_TEXTS.deliveryDate },
      async run(cca2, ids, value) {
        const { data } = await api.connect.PUT('/deliveries/bulkUpdateDeliveryDate/{cca2}', {
          params: { path: { cca2 } }, body: { deliveryIds: ids, deliveryDate: value },
        });
        return data!.updated;
      },
      doneText: DELIVERY_ADMIN_TEXTS.updatedDeliveryDates,
    },
  ],
  label: (row) => row.waybill ?? `#${row.id}`,
  moreExports: [{
    label: DELIVERY_ADMIN_TEXTS.exportItems, fileName: DELIVERY_ADMIN_TEXTS.itemsExportName,
    request: (cca2, params, signal) => deliveryCalls.exportFile(cca2, { ...toApiQuery({ ...params, page: 1 }), exportItems: true }, signal),
  }],
  api: resourceApi(deliveryCalls, {
    row: asIs, record: asIs, updated: asIs, remove: 'byIds', exportable: true,
    select: { from: 'rows', query: (search) => ({ search, pageSize: 20 }), option: (row) => ({ key: String(row.id), value: row.waybill ?? `#${row.id}` }) },
  }),
};
