import { toApiError } from '../../api/api-error';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { defineSamples } from '../samples';
import { rateBatchMachine } from './rate-batch.machine';
import type { RateUploadBatch } from './rate-batch.types';

export const SAMPLE_SHEET = new File(['Name,Rate type,SlaType,Parcel Type,Day of the week,Start km,End km,Price\n'], 'rates.csv', { type: 'text/csv' });

/** A batch just uploaded: 2 good rows, 1 with errors. */
export const SAMPLE_BATCH: RateUploadBatch = {
  id: 12, fileName: 'rates.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Sipho Staff', createdAt: '2026-11-26T08:00:00.000Z',
  totalRows: 3, validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 0, ratesCreated: 0, submittedAt: null,
};
export const SUBMITTED_BATCH: RateUploadBatch = { ...SAMPLE_BATCH, uploadStatusId: 1000, uploadStatus: 'Submitted', submittedAt: '2026-11-26T08:01:00.000Z' };
export const COMPLETED_BATCH: RateUploadBatch = { ...SUBMITTED_BATCH, uploadStatusId: 4000, uploadStatus: 'Completed', processedRows: 2, ratesCreated: 2 };

export const rateBatchSamples = defineSamples(rateBatchMachine, [
  {
    name: 'upload a sheet (refused once), submit it and follow it to 100 %',
    input: { cca2: 'ZA' },
    events: [
      { type: 'batch.choose', file: SAMPLE_SHEET },
      { type: 'batch.upload' },
      { type: 'xstate.error.actor.uploadSheet', error: toApiError(400, { message: RATE_TEXTS.missingColumns(['Price']) }, '/connect/uploadbatches/ZA/Rate') },
      { type: 'xstate.done.actor.uploadSheet', output: SAMPLE_BATCH },
      { type: 'batch.submit' },
      { type: 'xstate.error.actor.submitBatch', error: toApiError(409, { message: RATE_TEXTS.notSubmittable }, '/connect/uploadbatches/ZA/Rate/12/submit') },
      { type: 'xstate.done.actor.submitBatch', output: SUBMITTED_BATCH },
      { type: 'batch.progress', processedRows: 1, uploadStatusId: 2000 },
      { type: 'xstate.after.poll.rateBatch.inProgress.waiting' },
      { type: 'xstate.error.actor.readBatch', error: toApiError(503, { message: 'Service unavailable' }, '/connect/uploadbatches/ZA/batch/Rate/12') },
      { type: 'xstate.done.actor.readBatch', output: COMPLETED_BATCH },
      { type: 'batch.progress', processedRows: 2, uploadStatusId: 4000 },
      { type: 'xstate.done.actor.readFinal', output: COMPLETED_BATCH },
      { type: 'batch.reset' },
    ],
  },
], 'transitions');
