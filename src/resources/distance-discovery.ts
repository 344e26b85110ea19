import { api } from '../api';
import type { components } from '../api/generated/connect';
import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { DISTANCE_TEXTS } from '../lib/distance-discovery';
import { RATE_TEXTS } from '../lib/rate-texts';
import type { ResourceDef } from './types';
import { nestedQuery, UPLOAD_STATUS_FILTER } from './upload-batch-lists';

export type DistanceBatchRow = components['schemas']['DistanceUploadBatch'] & { xmin: string };
export type DistanceUploadRow = components['schemas']['DistanceUpload'] & { xmin: string };


const readOnly = (): never => {
  throw new Error('Distance discovery rows are computed, not edited');
};

/** The distance discovery batches (/admin/distancediscovery; issue 16): newest first, with their counts. */
export const distanceBatchesResource: ResourceDef<DistanceBatchRow> = {
  id: 'distanceBatches',
  title: 'Distance discovery batches',
  singular: 'distance discovery batch',
  routes: { list: '/admin/distancediscovery', edit: '/admin/distancediscovery/batches/:uploadBatchId/uploads' },
  operations: { list: 'getdistancebatches', get: 'getdistancebatch', update: 'getdistancebatch' },
  columns: [
    { key: 'id', header: 'Batch' },
    { key: 'fileName', header: 'File' },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'totalRows', header: 'Rows', text: (row) => String(row.totalRows) },
    { key: 'validRows', header: 'Valid', text: (row) => String(row.validRows) },
    { key: 'invalidRows', header: 'With errors', text: (row) => String(row.invalidRows) },
    { key: 'distancesFound', header: 'Distances found', text: (row) => String(row.distancesFound) },
    { key: 'createdBy', header: 'Uploaded by', text: (row) => row.createdBy ?? '' },
  ],
  filters: [UPLOAD_STATUS_FILTER],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'Distance discovery batches',
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { query } = nestedQuery(params);
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/DistanceDiscovery', { params: { path: { cca2 }, query }, signal });
      if (!data) throw new Error('The server answered without batches');
      return { ...data, items: data.items.map((item) => ({ ...item, xmin: String(item.uploadStatusId) })) };
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};

/** The address pairs of a batch with their driving distances (/admin/distancediscovery/batches/:uploadBatchId/uploads); export "Distance Discovery". */
export const distanceUploadsResource: ResourceDef<DistanceUploadRow> = {
  id: 'distanceUploads',
  title: 'Distance discovery',
  singular: 'address pair',
  // The rows are read only: no edit screen of their own.
  routes: { list: '/admin/distancediscovery/batches/:uploadBatchId/uploads', edit: '/admin/distancediscovery/batches/:uploadBatchId/uploads' },
  operations: { list: 'getdistanceuploads', get: 'getdistanceuploads', update: 'getdistanceuploads' },
  columns: [
    { key: 'rowNumber', header: 'Row' },
    { key: 'reference', header: 'Reference', text: (row) => row.reference ?? '' },
    { key: 'originAddress', header: 'Origin address', text: (row) => row.resolvedOrigin ?? row.originAddress ?? '' },
    { key: 'destinationAddress', header: 'Destination address', text: (row) => row.resolvedDestination ?? row.destinationAddress ?? '' },
    { key: 'distanceKm', header: 'Distance (km)', text: (row) => (row.distanceKm === null ? '' : row.distanceKm.toFixed(2)) },
    { key: 'uploadStatus', header: 'Upload status' },
    { key: 'errors', header: RATE_TEXTS.errorColumn, text: (row) => Object.values(row.errors).flat().join('; ') },
  ],
  filters: [
    { kind: 'parent', name: 'uploadBatchId', label: 'Batch' },
    UPLOAD_STATUS_FILTER,
    { kind: 'boolean', name: 'hasErrors', label: 'With errors' },
  ],
  fields: [],
  defaultSort: 'id',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: DISTANCE_TEXTS.exportName,
  createOpensEdit: false,
  label: (row) => `#${row.id}`,
  api: {
    async list(cca2, params, signal) {
      const { parentId, query } = nestedQuery(params, 'uploadBatchId');
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/DistanceDiscovery', { params: { path: { cca2, batchId: parentId }, query }, signal });
      if (!data || typeof data === 'string') throw new Error('The server answered without rows');
      // Rows are not edited: their version is their status.
      return { ...data, items: data.items.map((item) => ({ ...item, xmin: String(item.uploadStatusId) })) };
    },
    async exportFile(cca2, params, signal) {
      const { parentId, query } = nestedQuery({ ...params, page: 1 }, 'uploadBatchId');
      const { response } = await api.connect.GET('/uploadbatches/{cca2}/{batchId}/DistanceDiscovery', {
        params: { path: { cca2, batchId: parentId }, query: { ...query, exportExcel: true } }, parseAs: 'stream', signal,
      });
      return response;
    },
    get: readOnly,
    update: readOnly,
    selectOptions: async () => [],
  },
};
