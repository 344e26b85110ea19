import { fromPromise } from 'xstate';
import { api } from '../../api';
import { batchProgressOf, sheetUpload } from './rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from './rate-batch.types';

/**
 * A distance discovery batch runs the rate batch's chart (choose, upload, submit, follow to 100 %) with these
 * actors (`rateBatchMachine.provide({ actors: distanceBatchActors })`): the same steps, the distance calls.
 */
export const distanceBatchActors = {
  batchProgress: batchProgressOf('distanceUploadBatch'),
  uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input: { cca2, file } }) => {
    const { data } = await api.connect.POST('/uploadbatches/{cca2}/DistanceDiscovery', {
      params: { path: { cca2 }, query: { fileName: file.name } },
      ...sheetUpload(file),
    });
    return data!.uploadBatch;
  }),
  submitBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
    const { data } = await api.connect.POST('/uploadbatches/{cca2}/DistanceDiscovery/{id}/submit', { params: { path: { cca2, id: batchId } } });
    return data!.uploadBatch;
  }),
  readBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
    const { data } = await api.connect.GET('/uploadbatches/{cca2}/batch/DistanceDiscovery/{id}', { params: { path: { cca2, id: batchId } } });
    return data!;
  }),
};
