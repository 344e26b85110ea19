import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { formatDate } from '../lib/date-format';
import { formatMoney } from '../lib/money';
import { RATE_TEXTS } from '../lib/rate-texts';
import { toApiQuery } from './query';
import type { ListParams, ResourceDef } from './types';
import { UPLOAD_STATUS_FILTER } from './upload-batch-lists';

export type RateUploadRow = components['schemas']['RateUpload'];


/** The batch is a fixed filter of the nested list (its path gives it), not a query parameter. */
function uploadsQuery(params: ListParams) {
  const { uploadBatchId, ...filters } = params.filters;
  const { sortby: _sortby, sortdirection: _direction, search: _search, ...query } = toApiQuery({ ...params, filters });
  return { batchId: Number(uploadBatchId), query };
}

const readOnly = (): never => {
  throw new Error(RATE_TEXTS.updateRateUpload);
};

/**
 * The rows of a rate upload batch (/rates/batches/:uploadBatchId/uploads; 002 section 2): filtered by upload status
 * and by user, each opening "Update rate upload" (where it is corrected or cancelled); the export gives the rows back
 * as a sheet with an Errors column, to fix and upload again.
 */
export const rateUploadsResource: ResourceDef<RateUploadRow> = {
  id: 'rateUploads',
  title: 'Rate uploads',
  singular: 'rate upload',
  routes: { list: '/rates/batches/:uploadBatchId/uploads', edit: '/rates/batches/:uploadBatchId/uploads/edit/:rateUploadId' },
  operations: { list: 'getrateuploads', get: 'getrateupload', update: 'updaterateupload' },
  columns: [
    { key: 'rowNumber', header: 'Row' },
    { key: 'name', header: 'Name', text: (row) => row.name ?? '' },
    { key: 'rateType', header: 'Rate type', text: (row) => row.rateType ?? '' },
    { key: 'slaType', header: 'SLA type', text: (row) => row.slaType ?? '' },
    { key: 'parcelTypeId', header: 'Parcel type', text: (row) => (row.parcelTypeId === null ? '' : String(row.parcelTypeId)) },
    { key: 'dayOfWeekType', header: 'Day of the week', text: (row) => row.dayOfWeekType ?? '' },
    { key: 'startKmRange', header: 'Km range', text: (row) => `${row.startKmRange ?? '?'}-${row.endKmRange ?? '?'} km` },
    { key: 'newPrice', header: 'New price', text: (row) => (row.newPrice === null ? '' : formatMoney(row.newPrice)) },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'uploadedBy', header: 'Uploaded by', text: (row) => row.uploadedBy ?? '' },
    { key: 'errors', header: RATE_TEXTS.errorColumn, text: (row) => Object.values(row.errors).flat().join('; ') },
  ],
  filters: [
    { kind: 'parent', name: 'uploadBatchId', label: 'Batch' },
    UPLOAD_STATUS_FILTER,
    { kind: 'lookup', name: 'appuserid', label: 'User', resource: 'users' },
    { kind: 'boolean', name: 'hasErrors', label: 'With errors' },
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Rate uploads',
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { batchId, query } = uploadsQuery(params);
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Rate', { params: { path: { cca2, batchId }, query }, signal });
      if (!data || typeof data === 'string') throw new Error('The server answered without rows');
      return data;
    },
    async exportFile(cca2, params, signal) {
      const { batchId, query } = uploadsQuery({ ...params, page: 1 });
      const { response } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/Rate', {
        params: { path: { cca2, batchId }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};

export type RateBatchRow = components['schemas']['RateUploadBatch'] & { xmin: string };

/**
 * The batches of one rate (/rates/:id/batches; 000 section 2): the upload batches whose rows created or changed it,
 * newest first; a row opens the batch's uploads.
 */
export const rateBatchesResource: ResourceDef<RateBatchRow> = {
  id: 'rateBatches',
  title: 'Rate upload batches',
  singular: 'rate upload batch',
  routes: { list: '/rates/:id/batches', edit: '/rates/batches/:uploadBatchId/uploads' },
  operations: { list: 'getratebatches', get: 'getratebatch', update: 'getratebatch' },
  columns: [
    { key: 'id', header: 'Batch' },
    { key: 'fileName', header: 'File' },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'totalRows', header: 'Rows', text: (row) => String(row.totalRows) },
    { key: 'ratesCreated', header: 'Rates created or changed', text: (row) => String(row.ratesCreated) },
    { key: 'createdBy', header: 'Uploaded by', text: (row) => row.createdBy ?? '' },
    { key: 'submittedAt', header: 'Submitted', text: (row) => formatDate(row.submittedAt) },
  ],
  filters: [
    { kind: 'parent', name: 'rateId', label: 'Rate' },
    UPLOAD_STATUS_FILTER,
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Rate upload batches',
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { rateId, ...filters } = params.filters;
      const { sortby: _sortby, sortdirection: _direction, search: _search, ...query } = toApiQuery({ ...params, filters });
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/Rate', { params: { path: { cca2 }, query: { ...query, rateId: Number(rateId) } }, signal });
      if (!data) throw new Error('The server answered without batches');
      // Batches are not edited as records: their version is their status.
      return { ...data, items: data.items.map((item) => ({ ...item, xmin: String(item.uploadStatusId) })) };
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};
