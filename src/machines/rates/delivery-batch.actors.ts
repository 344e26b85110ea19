import { fromPromise } from 'xstate';
import { api } from '../../api';
import { batchProgressOf, sheetUpload } from './rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from './rate-batch.types';
import type { CancelCallInput, CancellableUpload } from './rate-upload-cancel.types';

/**
 * A store's delivery upload batch runs the rate batch's chart (choose, upload, submit, follow to 100 %) with these
 * actors (`rateBatchMachine.provide({ actors: deliveryBatchActors(storeId) })`): the same steps, the delivery calls.
 */
export function deliveryBatchActors(storeId: number) {
  return {
    batchProgress: batchProgressOf('deliveryUploadBatch'),
    uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input: { cca2, file } }) => {
      const { data } = await api.connect.POST('/uploadbatches/{cca2}/stores/{storeId}/Delivery', {
        params: { path: { cca2, storeId }, query: { fileName: file.name } },
        ...sheetUpload(file),
      });
      return data!.uploadBatch;
    }),
    submitBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
      const { data } = await api.connect.POST('/uploadbatches/{cca2}/Delivery/{id}/submit', { params: { path: { cca2, id: batchId } } });
      return data!.uploadBatch;
    }),
    readBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
      const { data } = await api.connect.GET('/uploadbatches/{cca2}/batch/Delivery/{id}', { params: { path: { cca2, id: batchId } } });
      return data!;
    }),
  };
}

/** A delivery upload row's cancel runs the rate upload cancel chart with this call (`rateUploadCancelMachine.provide`). */
export const deliveryUploadCancelActors = {
  cancelUpload: fromPromise<CancellableUpload, CancelCallInput>(async ({ input: { cca2, id } }) => {
    const { data } = await api.connect.DELETE('/uploadbatches/{cca2}/Delivery/{id}', { params: { path: { cca2, id } } });
    return data!;
  }),
};
