import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS, SLA_TYPES } from '../lib/constants';
import { DELIVERY_UPLOAD_TEXTS } from '../lib/delivery-uploads';
import { formatMoney } from '../lib/money';
import { RATE_TEXTS } from '../lib/rate-texts';
import { updateOrConflict } from './api-helpers';
import type { FormValues, ResourceDef } from './types';
import { nestedQuery, UPLOAD_STATUS_FILTER } from './upload-batch-lists';

/** The form's fields are text: the numbers are also given as text (`lengthText` ...), which the form shows and sends back. */
const NUMBER_FIELDS = ['parcelTypeId', 'length', 'width', 'height', 'weight', 'parcelCount'] as const;
type NumberTexts = Partial<Record<`${(typeof NUMBER_FIELDS)[number]}Text`, string>>;
export type DeliveryUploadRow = components['schemas']['DeliveryUpload'] & NumberTexts;

const withNumberTexts = (row: components['schemas']['DeliveryUpload']): DeliveryUploadRow => ({
  ...row, ...Object.fromEntries(NUMBER_FIELDS.map((field) => [`${field}Text`, row[field] === null ? '' : String(row[field])])),
});
export type DeliveryBatchRow = components['schemas']['DeliveryUploadBatch'] & { xmin: string };


const readOnly = (): never => {
  throw new Error('A delivery upload batch is changed through its rows');
};

const money = (cents: number | null) => (cents === null ? '' : formatMoney(cents));

/**
 * A store's delivery upload batches (/stores/:id/batches; issue 16): newest first, with their counts, the quoted
 * total and what the submit booked; a row opens the batch's uploads.
 */
export const deliveryBatchesResource: ResourceDef<DeliveryBatchRow> = {
  id: 'deliveryBatches',
  title: 'Delivery upload batches',
  singular: 'delivery upload batch',
  routes: { list: '/stores/:id/batches', edit: '/stores/:id/batches/:uploadBatchId/uploads' },
  operations: { list: 'getdeliverybatches', get: 'getdeliverybatch', update: 'getdeliverybatch' },
  columns: [
    { key: 'id', header: 'Batch' },
    { key: 'fileName', header: 'File' },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'totalRows', header: 'Rows', text: (row) => String(row.totalRows) },
    { key: 'validRows', header: 'Valid', text: (row) => String(row.validRows) },
    { key: 'invalidRows', header: 'With errors', text: (row) => String(row.invalidRows) },
    { key: 'deliveriesCreated', header: 'Deliveries created', text: (row) => String(row.deliveriesCreated) },
    { key: 'quotedTotalExclCents', header: 'Quoted (excl. VAT)', text: (row) => money(row.quotedTotalExclCents) },
    { key: 'createdBy', header: 'Uploaded by', text: (row) => row.createdBy ?? '' },
  ],
  filters: [
    { kind: 'parent', name: 'storeId', label: 'Store' },
    UPLOAD_STATUS_FILTER,
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Delivery upload batches',
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { parentId, query } = nestedQuery(params, 'storeId');
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/stores/{storeId}/Delivery', { params: { path: { cca2, storeId: parentId }, query }, signal });
      if (!data) throw new Error('The server answered without batches');
      // Batches are not edited as records: their version is their status.
      return { ...data, items: data.items.map((item) => ({ ...item, xmin: String(item.uploadStatusId) })) };
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};

const text = (value: FormValues[string]) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const decimal = (value: FormValues[string]) => {
  const given = text(typeof value === 'number' ? String(value) : value);
  return given === null || Number.isNaN(Number(given)) ? null : Number(given);
};

/** The edit form's values as the update's body (numbers typed as text). */
export function deliveryUploadBody(values: FormValues): Omit<components['schemas']['DeliveryUploadUpdate'], 'xmin'> {
  const parcelTypeId = decimal(values.parcelTypeIdText ?? null);
  const parcelCount = decimal(values.parcelCountText ?? null);
  return {
    orderReference: text(values.orderReference ?? null), customerIdentifier: text(values.customerIdentifier ?? null),
    originAddress: text(values.originAddress ?? null), destinationAddress: text(values.destinationAddress ?? null),
    originContactName: text(values.originContactName ?? null), originPhoneNumber: text(values.originPhoneNumber ?? null),
    destinationContactName: text(values.destinationContactName ?? null), destinationPhoneNumber: text(values.destinationPhoneNumber ?? null),
    deliveryDate: text(values.deliveryDate ?? null), deliveryTime: text(values.deliveryTime ?? null), slaType: text(values.slaType ?? null),
    parcelTypeId: parcelTypeId === null ? null : Math.trunc(parcelTypeId), parcelName: text(values.parcelName ?? null),
    length: decimal(values.lengthText ?? null), width: decimal(values.widthText ?? null), height: decimal(values.heightText ?? null), weight: decimal(values.weightText ?? null),
    ...(parcelCount !== null && parcelCount >= 1 && { parcelCount: Math.trunc(parcelCount) }),
  };
}

async function getUpload(cca2: string, id: number): Promise<DeliveryUploadRow> {
  const { data } = await api.connect.GET('/uploadbatches/{cca2}/Uploads/Delivery/{id}', { params: { path: { cca2, id } } });
  if (!data) throw new Error(`No delivery upload ${id}`);
  return withNumberTexts(data);
}

/**
 * The rows of a delivery upload batch (/stores/:id/batches/:uploadBatchId/uploads): filtered by upload status, user
 * and errors; a row opens its edit screen, where it is corrected with the wizard's rules and priced again; the
 * export gives the rows back as a sheet with an Errors column, to fix and upload again.
 */
export const deliveryUploadsResource: ResourceDef<DeliveryUploadRow> = {
  id: 'deliveryUploads',
  title: 'Delivery uploads',
  singular: 'delivery upload',
  routes: { list: '/stores/:id/batches/:uploadBatchId/uploads', edit: '/stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId' },
  operations: { list: 'getdeliveryuploads', get: 'getdeliveryupload', update: 'updatedeliveryupload' },
  columns: [
    { key: 'rowNumber', header: 'Row' },
    { key: 'orderReference', header: 'Order reference', text: (row) => row.orderReference ?? '' },
    { key: 'destinationAddress', header: 'Drop-off address', text: (row) => row.destinationAddress ?? '' },
    { key: 'destinationContactName', header: 'Drop-off contact', text: (row) => row.destinationContactName ?? '' },
    { key: 'deliveryDate', header: 'Date', text: (row) => row.deliveryDate ?? '' },
    { key: 'slaType', header: 'Service level', text: (row) => row.slaType ?? '' },
    { key: 'parcelCount', header: 'Parcels', text: (row) => `${row.parcelCount} x ${row.parcelName ?? ''}` },
    { key: 'priceExclCents', header: 'Price (excl. VAT)', text: (row) => money(row.priceExclCents) },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'waybill', header: 'Waybill', text: (row) => row.waybill ?? '' },
    { key: 'errors', header: RATE_TEXTS.errorColumn, text: (row) => Object.values(row.errors).flat().join('; ') },
  ],
  filters: [
    { kind: 'parent', name: 'uploadBatchId', label: 'Batch' },
    UPLOAD_STATUS_FILTER,
    { kind: 'lookup', name: 'appuserid', label: 'User', resource: 'users' },
    { kind: 'boolean', name: 'hasErrors', label: 'With errors' },
  ],
  fields: [
    { name: 'orderReference', label: 'Order reference', kind: 'text', required: true, maxLength: 200 },
    { name: 'customerIdentifier', label: 'Customer identifier', kind: 'text', maxLength: 200 },
    { name: 'originAddress', label: 'Pick-up address (empty: the store)', kind: 'text', maxLength: 500 },
    { name: 'originContactName', label: 'Pick-up contact', kind: 'text', maxLength: 200 },
    { name: 'originPhoneNumber', label: 'Pick-up phone', kind: 'text', maxLength: 32 },
    { name: 'destinationAddress', label: 'Drop-off address', kind: 'text', required: true, maxLength: 500 },
    { name: 'destinationContactName', label: 'Drop-off contact', kind: 'text', required: true, maxLength: 200 },
    { name: 'destinationPhoneNumber', label: 'Drop-off phone', kind: 'text', required: true, maxLength: 32 },
    { name: 'deliveryDate', label: 'Date', kind: 'date', required: true },
    { name: 'deliveryTime', label: 'Time (HH:mm)', kind: 'text', maxLength: 5 },
    { name: 'slaType', label: 'Service level', kind: 'enum', options: SLA_TYPES, required: true },
    { name: 'parcelTypeIdText', label: 'Parcel type (1 Small, 2 Medium, 3 Large, 4 Custom)', kind: 'text', required: true, maxLength: 2 },
    { name: 'parcelName', label: 'Parcel name', kind: 'text', maxLength: 200 },
    { name: 'lengthText', label: 'Length', kind: 'text', maxLength: 10 },
    { name: 'widthText', label: 'Width', kind: 'text', maxLength: 10 },
    { name: 'heightText', label: 'Height', kind: 'text', maxLength: 10 },
    { name: 'weightText', label: 'Weight', kind: 'text', maxLength: 10 },
    { name: 'parcelCountText', label: 'Parcels', kind: 'text', maxLength: 3 },
  ],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: DELIVERY_UPLOAD_TEXTS.exportName,
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { parentId, query } = nestedQuery(params, 'uploadBatchId');
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Delivery', { params: { path: { cca2, batchId: parentId }, query }, signal });
      if (!data || typeof data === 'string') throw new Error('The server answered without rows');
      return data;
    },
    async exportFile(cca2, params, signal) {
      const { parentId, query } = nestedQuery({ ...params, page: 1 }, 'uploadBatchId');
      const { response } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Delivery', {
        params: { path: { cca2, batchId: parentId }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    get: getUpload,
    update: (cca2, id, values, xmin) => updateOrConflict(async () => {
      const { data } = await api.connect.PUT('/uploadbatches/{cca2}/uploads/Delivery/{id}', { params: { path: { cca2, id } }, body: { ...deliveryUploadBody(values), xmin } });
      return withNumberTexts(data!);
    }, () => getUpload(cca2, id)),
    selectOptions: async () => [],
  },
};
