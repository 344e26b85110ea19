import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { RATE_TEXTS } from '../lib/rate-texts';
import { STORE_UPLOAD_TEXTS } from '../lib/store-uploads';
import { updateOrConflict } from './api-helpers';
import type { FormValues, ResourceDef } from './types';
import { nestedQuery, UPLOAD_STATUS_FILTER } from './upload-batch-lists';

/** The form's fields are text: the ids are also given as text (`storeIdText` ...), which the form shows and sends back. */
type IdTexts = { storeIdText?: string; companyIdText?: string };
export type StoreUploadRow = components['schemas']['StoreUpload'] & IdTexts;
export type StoreBatchRow = components['schemas']['StoreUploadBatch'] & { xmin: string };

const withIdTexts = (row: components['schemas']['StoreUpload']): StoreUploadRow => ({
  ...row, storeIdText: row.storeId === null ? '' : String(row.storeId), companyIdText: row.companyId === null ? '' : String(row.companyId),
});


const readOnly = (): never => {
  throw new Error('A store upload batch is changed through its rows');
};

/** The store upload batches (/stores/batches/add; issue 16): newest first, with their counts and what the submit made. */
export const storeBatchesResource: ResourceDef<StoreBatchRow> = {
  id: 'storeBatches',
  title: 'Store upload batches',
  singular: 'store upload batch',
  routes: { list: '/stores/batches/add', edit: '/stores/batches/:uploadBatchId/uploads' },
  operations: { list: 'getstorebatches', get: 'getstorebatch', update: 'getstorebatch' },
  columns: [
    { key: 'id', header: 'Batch' },
    { key: 'fileName', header: 'File' },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'totalRows', header: 'Rows', text: (row) => String(row.totalRows) },
    { key: 'validRows', header: 'Valid', text: (row) => String(row.validRows) },
    { key: 'invalidRows', header: 'With errors', text: (row) => String(row.invalidRows) },
    { key: 'storesCreated', header: 'Stores created or changed', text: (row) => String(row.storesCreated) },
    { key: 'createdBy', header: 'Uploaded by', text: (row) => row.createdBy ?? '' },
  ],
  filters: [
    UPLOAD_STATUS_FILTER,
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Store upload batches',
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { query } = nestedQuery(params);
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/Store', { params: { path: { cca2 }, query }, signal });
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
const whole = (value: FormValues[string]) => {
  const given = text(typeof value === 'number' ? String(value) : value);
  return given === null || !/^\d+$/.test(given) ? null : Number(given);
};

/** The edit form's values as the update's body (ids typed as text). */
export function storeUploadBody(values: FormValues): Omit<components['schemas']['StoreUploadUpdate'], 'xmin'> {
  return {
    storeId: whole(values.storeIdText ?? null), storeName: text(values.storeName ?? null), companyId: whole(values.companyIdText ?? null),
    contactName: text(values.contactName ?? null), phoneNumber: text(values.phoneNumber ?? null), email: text(values.email ?? null),
    address: text(values.address ?? null), unitName: text(values.unitName ?? null), unitNumber: text(values.unitNumber ?? null),
    isActive: values.isActive === true, qsrMode: values.qsrMode === true,
  };
}

async function getUpload(cca2: string, id: number): Promise<StoreUploadRow> {
  const { data } = await api.connect.GET('/uploadbatches/{cca2}/Uploads/Store/{id}', { params: { path: { cca2, id } } });
  if (!data) throw new Error(`No store upload ${id}`);
  return withIdTexts(data);
}

/**
 * The rows of a store upload batch (/stores/batches/:uploadBatchId/uploads): filtered by upload status, user and
 * errors; a row opens its edit screen, where it is checked again and its address found again; the export gives the
 * rows back as a sheet with an Errors column, to fix and upload again.
 */
export const storeUploadsResource: ResourceDef<StoreUploadRow> = {
  id: 'storeUploads',
  title: 'Store uploads',
  singular: 'store upload',
  routes: { list: '/stores/batches/:uploadBatchId/uploads', edit: '/stores/batches/:uploadBatchId/uploads/edit/:storeUploadId' },
  operations: { list: 'getstoreuploads', get: 'getstoreupload', update: 'updatestoreupload' },
  columns: [
    { key: 'rowNumber', header: 'Row' },
    { key: 'storeId', header: 'Store Id', text: (row) => (row.storeId === null ? 'New' : String(row.storeId)) },
    { key: 'storeName', header: 'Store name', text: (row) => row.storeName ?? '' },
    { key: 'companyId', header: 'Company Id', text: (row) => (row.companyId === null ? '' : String(row.companyId)) },
    { key: 'address', header: 'Address', text: (row) => row.address ?? '' },
    { key: 'resolvedAddress', header: 'Address found', text: (row) => row.resolvedAddress ?? '' },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'errors', header: RATE_TEXTS.errorColumn, text: (row) => Object.values(row.errors).flat().join('; ') },
  ],
  filters: [
    { kind: 'parent', name: 'uploadBatchId', label: 'Batch' },
    UPLOAD_STATUS_FILTER,
    { kind: 'lookup', name: 'appuserid', label: 'User', resource: 'users' },
    { kind: 'boolean', name: 'hasErrors', label: 'With errors' },
  ],
  fields: [
    { name: 'storeIdText', label: 'Store Id (empty: a new store)', kind: 'text', maxLength: 10 },
    { name: 'storeName', label: 'Store name', kind: 'text', required: true, maxLength: 200 },
    { name: 'companyIdText', label: 'Company Id', kind: 'text', maxLength: 10 },
    { name: 'contactName', label: 'Contact name', kind: 'text', maxLength: 200 },
    { name: 'phoneNumber', label: 'Phone number', kind: 'text', maxLength: 40 },
    { name: 'email', label: 'Email', kind: 'text', maxLength: 254 },
    { name: 'address', label: 'Address', kind: 'text', required: true, maxLength: 500 },
    { name: 'unitName', label: 'Unit name', kind: 'text', maxLength: 100 },
    { name: 'unitNumber', label: 'Unit number', kind: 'text', maxLength: 40 },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
    { name: 'qsrMode', label: 'QSR mode', kind: 'boolean' },
  ],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: STORE_UPLOAD_TEXTS.exportName,
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { parentId, query } = nestedQuery(params, 'uploadBatchId');
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Store', { params: { path: { cca2, batchId: parentId }, query }, signal });
      if (!data || typeof data === 'string') throw new Error('The server answered without rows');
      return { ...data, items: data.items.map(withIdTexts) };
    },
    async exportFile(cca2, params, signal) {
      const { parentId, query } = nestedQuery({ ...params, page: 1 }, 'uploadBatchId');
      const { response } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Store', {
        params: { path: { cca2, batchId: parentId }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    get: getUpload,
    update: (cca2, id, values, xmin) => updateOrConflict(async () => {
      const { data } = await api.connect.PUT('/uploadbatches/{cca2}/uploads/Store/{id}', { params: { path: { cca2, id } }, body: { ...storeUploadBody(values), xmin } });
      return withIdTexts(data!);
    }, () => getUpload(cca2, id)),
    selectOptions: async () => [],
  },
};
