import { fromPromise } from 'xstate';
import { api } from '../../api';
import { batchProgressOf, sheetUpload } from './rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from './rate-batch.types';
import type { CancelCallInput, CancellableUpload } from './rate-upload-cancel.types';

/**
 * A store upload batch runs the rate batch's chart (choose, upload, submit, follow to 100 %) with these actors
 * (`rateBatchMachine.provide({ actors: storeBatchActors })`): the same steps, the store calls.
 */
export const storeBatchActors = {
  batchProgress: batchProgressOf('storeUploadBatch'),
  uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input: { cca2, file } }) => {
    const { data } = await api.connect.POST('/uploadbatches/{cca2}/Store', {
      params: { path: { cca2 }, query: { fileName: file.name } },
      ...sheetUpload(file),
    });
    return data!.uploadBatch;
  }),
  submitBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
    const { data } = await api.connect.POST('/uploadbatches/{cca2}/Store/{id}/submit', { params: { path: { cca2, id: batchId } } });
    return data!.uploadBatch;
  }),
  readBatch: fromPromise<UploadBatch, BatchCallInput>(async ({ input: { cca2, batchId } }) => {
    const { data } = await api.connect.GET('/uploadbatches/{cca2}/batch/Store/{id}', { params: { path: { cca2, id: batchId } } });
    return data!;
  }),
};

/** A store upload row's cancel runs the rate upload cancel chart with this call (`rateUploadCancelMachine.provide`). */
export const storeUploadCancelActors = {
  cancelUpload: fromPromise<CancellableUpload, CancelCallInput>(async ({ input: { cca2, id } }) => {
    const { data } = await api.connect.DELETE('/uploadbatches/{cca2}/Store/{id}', { params: { path: { cca2, id } } });
    return data!;
  }),
};
